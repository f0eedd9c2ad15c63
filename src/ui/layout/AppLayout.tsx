import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { config } from '../../config/config';
import { message, type MessageCode } from '../../messages/catalogue';
import { session, signOutByUser } from '../../state/session';
import { ConnectionBanner } from '../components/ConnectionBanner';
import { SiteFooter } from '../components/SiteFooter';
import { PendingPaymentsNotice } from '../payments/PendingPaymentsNotice';
import { useLanguage } from '../../state/language';

// SPEC 2's header: Account, Pro, Credits, My Designs.
const NAV: ReadonlyArray<{ to: '/' | '/subscription' | '/credits' | '/my-designs'; label: MessageCode }> = [
  { to: '/', label: 'navAccount' },
  { to: '/subscription', label: 'navPro' },
  { to: '/credits', label: 'pageTitleCredits' },
  { to: '/my-designs', label: 'myDesignsHeading' },
];

/** The signed-in layout of SPEC 2: header navigation, content, footer, Sign Out. */
export function AppLayout() {
  useLanguage();
  const navigate = useNavigate();
  // The session's Sign Out record: the button waits while it runs; a failure is its toast (session.ts).
  const busy = useSnapshot(session).signingOut.status === 'pending';
  const onSignOut = () => void signOutByUser(() => navigate({ to: '/auth' }));
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {message('skipToContent')}
      </a>
      <header className="app-header">
        <span className="brand">{config.productName}</span>
        <nav aria-label={message('mainNavLabel')}>
          <ul className="nav-list">
            {NAV.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  activeOptions={{ exact: true, includeSearch: false }}
                  activeProps={{ 'aria-current': 'page', className: 'active' }}
                >
                  {message(item.label)}
                </Link>
              </li>
            ))}
            {DEV_BUILD && (
              <li>
                <Link to="/dev-data" activeProps={{ 'aria-current': 'page', className: 'active' }}>
                  {message('devNavItem')}
                </Link>
              </li>
            )}
          </ul>
        </nav>
        <button type="button" className="button secondary sign-out" onClick={onSignOut} disabled={busy}>
          {message('signOut')}
        </button>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <ConnectionBanner />
        <PendingPaymentsNotice />
        <Outlet />
      </main>
      <SiteFooter className="app-footer" />
    </div>
  );
}
