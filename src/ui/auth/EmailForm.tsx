// The e-mail form of /auth, in sign-in or create-account mode (SPEC 2, 5).
import { memo, useId, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import { message, plural } from '../../messages/catalogue';
import { rememberEmail, showResetForm, submitEmailForm, toggleEmailMode } from '../../state/email-sign-in';
import { session } from '../../state/session';
import { emailFormBusy, showProviderChoice, signInScreen } from '../../state/sign-in';
import { useLanguage } from '../../state/language';
import { useSelected } from '../../state/use-selected';

/**
 * Rendered again by what it shows and the language, not by the sign-in screen's other changes (memo, useSelected):
 * a render is main-thread time between the hand-off's requests (docs/performance.md). Busy as `emailFormBusy` says: a
 * sign-in that succeeded stays busy, so the form is not rendered again in the task that sends the cloud save's request.
 */
export const EmailForm = memo(function EmailForm({ errorId }: { errorId: string }) {
  useLanguage();
  const creating = useSelected([signInScreen], () => signInScreen.mode === 'createAccount');
  const busy = useSelected([signInScreen, session], emailFormBusy);
  const failed = useSelected([signInScreen], () => signInScreen.error !== null);
  const [email, setEmail] = useState(() => signInScreen.email);
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const id = useId();
  const hintId = `${id}-password-hint`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    void submitEmailForm(email, password);
  };
  const leave = (go: () => void) => () => {
    rememberEmail(email);
    go();
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-busy={busy} aria-describedby={failed ? errorId : undefined}>
      <div className="field">
        <label htmlFor={`${id}-email`}>{message('emailLabel')}</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          data-autofocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>{message('passwordLabel')}</label>
        <div className="auth-password">
          <input
            id={`${id}-password`}
            name="password"
            type={showPassword ? 'text' : 'password'}
            required
            minLength={PASSWORD_MIN_LENGTH}
            autoComplete={creating ? 'new-password' : 'current-password'}
            aria-describedby={creating ? hintId : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <button
            type="button"
            className="button link auth-reveal"
            aria-pressed={showPassword}
            aria-controls={`${id}-password`}
            onClick={() => setShowPassword((on) => !on)}
          >
            <span aria-hidden="true">{message(showPassword ? 'hidePasswordShort' : 'showPasswordShort')}</span>
            <span className="visually-hidden">{message(showPassword ? 'hidePassword' : 'showPassword')}</span>
          </button>
        </div>
        {creating && (
          <p className="field-hint" id={hintId}>
            {plural(PASSWORD_MIN_LENGTH, 'passwordHint')}
          </p>
        )}
      </div>
      {!creating && (
        <p className="auth-forgot">
          <button type="button" className="button link" onClick={leave(showResetForm)}>
            {message('forgotPassword')}
          </button>
        </p>
      )}
      <button type="submit" className="button block" aria-disabled={busy}>
        {busy && <span className="spinner small" aria-hidden="true" />}
        {message(creating ? 'createAccountButton' : 'signInButton')}
      </button>
      <p className="visually-hidden" role="status">
        {busy ? message(creating ? 'creatingAccount' : 'signingIn') : ''}
      </p>
      <p className="auth-toggle">
        <button type="button" className="button link" onClick={leave(toggleEmailMode)}>
          {message(creating ? 'toSignIn' : 'toCreateAccount')}
        </button>
      </p>
      <button type="button" className="button secondary block" onClick={leave(showProviderChoice)}>
        {message('backToOptions')}
      </button>
    </form>
  );
});
