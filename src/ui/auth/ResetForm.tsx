// The password-reset form of /auth. The browser's own check is off so the SPEC 5 text can say what is missing.
import { useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { rememberEmail, submitReset } from '../../state/email-sign-in';
import { showEmailForm, signInScreen } from '../../state/sign-in';
import { message } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';

export function ResetForm({ errorId }: { errorId: string }) {
  useLanguage();
  const snap = useSnapshot(signInScreen);
  const busy = snap.status === 'pending' && snap.attempt === 'reset';
  const [email, setEmail] = useState(snap.email);
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) void submitReset(email);
  };
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <p className="auth-lead" id={`${id}-lead`}>
        {message('resetLead')}
      </p>
      <div className="field">
        <label htmlFor={`${id}-email`}>{message('emailLabel')}</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          aria-required="true"
          aria-invalid={snap.error ? true : undefined}
          aria-describedby={snap.error ? `${errorId} ${id}-lead` : `${id}-lead`}
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          data-autofocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <button type="submit" className="button block" aria-disabled={busy}>
        {busy && <span className="spinner small" aria-hidden="true" />}
        {message('sendResetLink')}
      </button>
      <p className="visually-hidden" role="status">
        {busy ? message('sendingReset') : ''}
      </p>
      <button
        type="button"
        className="button secondary block"
        onClick={() => {
          rememberEmail(email);
          showEmailForm('signIn');
        }}
      >
        {message('backToSignIn')}
      </button>
    </form>
  );
}
