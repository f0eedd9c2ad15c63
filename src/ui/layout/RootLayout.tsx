import { Outlet } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { message } from '../../messages/catalogue';
import { session } from '../../state/session';
import { Overlay } from '../components/Overlay';
import { Toasts } from '../components/Toasts';

export function RootLayout() {
  const snap = useSnapshot(session);
  return (
    <>
      <Outlet />
      {snap.validating && <Overlay text={message('validatingSession')} />}
      <Toasts />
    </>
  );
}
