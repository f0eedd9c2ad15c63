// After a reset request: where the link went, and how to try again.
import { useSnapshot } from 'valtio';
import { showEmailForm, signInScreen, submitReset } from '../../state/sign-in';

export function CheckEmail() {
  const snap = useSnapshot(signInScreen);
  const busy = snap.pending === 'reset';
  return (
    <div className="auth-form">
      <p className="auth-lead">
        Look for an email sent to <strong className="auth-address">{snap.email}</strong>. It can take a few minutes to arrive; if it does not, look
        in your spam folder.
      </p>
      <button type="button" className="button block" onClick={() => showEmailForm('signIn')}>
        Back to Sign In
      </button>
      <button type="button" className="button secondary block" aria-disabled={busy} onClick={() => !busy && void submitReset(snap.email)}>
        {busy && <span className="spinner small" aria-hidden="true" />}
        Send the link again
      </button>
    </div>
  );
}
