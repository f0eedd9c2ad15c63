import { Outlet } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { message } from '../../messages/catalogue';
import { handoff, handoffScreen } from '../../state/handoff';
import { session } from '../../state/session';
import { Overlay } from '../components/Overlay';
import { Toasts } from '../components/Toasts';
import { AffiliateSurvey } from '../affiliate/AffiliateSurvey';
import { DesktopNotListening } from '../auth/DesktopNotListening';
import { LinkPrompt } from '../auth/LinkPrompt';
import { useLanguage } from '../../state/language';

export function RootLayout() {
  useLanguage();
  const snap = useSnapshot(session);
  const flow = useSnapshot(handoff);
  const screen = handoffScreen(flow.phase);
  return (
    <>
      {flow.refusedTarget && (
        <div className="alert alert-warning page-banner" role="alert">
          {message('redirectRefused')}
        </div>
      )}
      <Outlet />
      {screen === 'notListening' && <DesktopNotListening />}
      {screen === 'askingLink' && <LinkPrompt />}
      {screen === 'redirecting' ? (
        <Overlay text={message('redirecting')} />
      ) : (
        snap.validating && <Overlay text={message('validatingSession')} />
      )}
      <AffiliateSurvey />
      <Toasts />
    </>
  );
}
