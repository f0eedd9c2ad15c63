import { message } from '../../messages/catalogue';
import type { ReactNode } from 'react';

/** A blocking status overlay ("Validating session...", "Setting up your account and redirecting..."). */
export function Overlay({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="overlay" role="status" aria-live="polite">
      <div className="overlay-card">
        <span className="spinner" aria-hidden="true" />
        <p>{text}</p>
        {children}
      </div>
    </div>
  );
}

export function LoadingScreen() {
  return (
    <main className="loading-screen" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{message('loading')}</p>
    </main>
  );
}
