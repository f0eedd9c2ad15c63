import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { message } from '../../messages/catalogue';
import { affiliate } from '../../state/affiliate';
import { loadChunk } from '../../state/chunk-loading';
import { handoff, handoffScreen } from '../../state/handoff';
import { session } from '../../state/session';
import { Overlay } from '../components/Overlay';
import { Toasts } from '../components/Toasts';
import { useHandoffViews } from '../auth/views-chunk';
import { useLanguage } from '../../state/language';

// The welcome survey is shown once per new account: its code comes when it opens, not with every page.
const AffiliateSurvey = lazy(() =>
  loadChunk(() => import('../../chunks/affiliate-survey'), ['account']).then(
    (m) => ({ default: m.AffiliateSurvey }),
    // Offline or gone: the survey is skipped rather than taking the page down with it.
    () => ({ default: () => null }),
  ),
);

export function RootLayout() {
  useLanguage();
  const snap = useSnapshot(session);
  const flow = useSnapshot(handoff);
  const screen = handoffScreen(flow.phase);
  const asking = screen === 'notListening' || screen === 'askingLink';
  const views = useHandoffViews(asking);
  const survey = useSnapshot(affiliate).open;
  return (
    <>
      {flow.refusedTarget && (
        <div className="alert alert-warning page-banner" role="alert">
          {message('redirectRefused')}
        </div>
      )}
      <Outlet />
      {asking && !views && <Overlay text={message('loading')} />}
      {views && screen === 'notListening' && <views.DesktopNotListening />}
      {views && screen === 'askingLink' && <views.LinkPrompt />}
      {screen === 'redirecting' ? (
        <Overlay text={message('redirecting')} />
      ) : (
        snap.validating && <Overlay text={message('validatingSession')} />
      )}
      {survey && (
        <Suspense fallback={null}>
          <AffiliateSurvey />
        </Suspense>
      )}
      <Toasts />
    </>
  );
}
