// The frame of the public shared-link pages: the product name, one main region, and the legal links.
import type { ReactNode } from 'react';
import { config } from '../../config/config';
import { SiteFooter } from '../components/SiteFooter';

export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="public-shell">
      <header className="public-header">
        <img src="/images/favicon.svg" alt="" width="32" height="32" />
        <span className="brand">{config.productName}</span>
      </header>
      <main className="public-main" id="main">
        {children}
      </main>
      <SiteFooter className="public-footer" />
    </div>
  );
}
