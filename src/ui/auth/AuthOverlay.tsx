// The closable overlay shown after a successful sign-in while the app redirects (SPEC 2, 4), on the shared Dialog.
import { message } from '../../messages/catalogue';
import { closeOverlay } from '../../state/sign-in';
import { Dialog } from '../components/Dialog';
import { useLanguage } from '../../state/language';

export function AuthOverlay() {
  useLanguage();
  return (
    <Dialog title={message('authOverlay')} onClose={closeOverlay} className="auth-overlay">
      <span className="spinner auth-overlay-spinner" aria-hidden="true" />
    </Dialog>
  );
}
