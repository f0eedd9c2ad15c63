// After a reset request: where the link went, and how to try again.
import { useSnapshot } from 'valtio';
import { submitReset } from '../../state/email-sign-in';
import { showEmailForm, signInScreen } from '../../state/sign-in';
import { message } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';

export function CheckEmail() {
  useLanguage();
  const snap = useSnapshot(signInScreen);
  const busy = snap.status === 'pending' && snap.attempt === 'reset';
  return (
    <div className="auth-form">
      <p className="auth-lead">
        {message('checkEmailLeadBefore')} <strong className="auth-address">{snap.email}</strong>
        {message('checkEmailLeadAfter')}
      </p>
      <button type="button" className="button block" onClick={() => showEmailForm('signIn')}>
        {message('backToSignIn')}
      </button>
      <button
        type="button"
        className="button secondary block"
        aria-disabled={busy}
        onClick={() => !busy && void submitReset(snap.email)}
      >
        {busy && <span className="spinner small" aria-hidden="true" />}
        {message('sendLinkAgain')}
      </button>
    </div>
  );
}
