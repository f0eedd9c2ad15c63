import { message } from '../../messages/catalogue';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { useLanguage } from '../../state/language';

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

/** "Loading..."; once the identity service is slow to answer (session.authSlow), a plain line and a Reload button too. */
export function LoadingScreen() {
  useLanguage();
  const { authSlow } = useSnapshot(session);
  return (
    <main className="loading-screen" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{message('loading')}</p>
      {authSlow && (
        <>
          <p>{message('loadingSlow')}</p>
          <button type="button" className="button secondary" onClick={() => window.location.reload()}>
            {message('loadingSlowReload')}
          </button>
        </>
      )}
    </main>
  );
}
