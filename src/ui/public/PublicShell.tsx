// The frame of the public shared-link pages: the product name, one main region, and the legal links.
import type { ReactNode } from 'react';
import { config } from '../../config/config';
import '../styles/public.css';

export function PublicShell({ children }: { children: ReactNode }) {
  const year = new Date().getFullYear();
  return (
    <div className="public-shell">
      <header className="public-header">
        <img src="/images/favicon.svg" alt="" width="32" height="32" />
        <span className="brand">{config.productName}</span>
      </header>
      <main className="public-main" id="main">
        {children}
      </main>
      <footer className="public-footer">
        <p>
          © {year} {config.productName}. All rights reserved.
        </p>
        <ul className="footer-links">
          <li>
            <a href={config.links.privacy} target="_blank" rel="noopener noreferrer">
              Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
          <li>
            <a href={config.links.terms} target="_blank" rel="noopener noreferrer">
              Terms of Service<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        </ul>
      </footer>
    </div>
  );
}
