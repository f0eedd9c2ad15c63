// The e-mail form of /auth, in sign-in or create-account mode (SPEC 2, 5).
import { useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import { message, plural } from '../../messages/catalogue';
import { rememberEmail, showResetForm, submitEmailForm, toggleEmailMode } from '../../state/email-sign-in';
import { showProviderChoice, signInScreen } from '../../state/sign-in';
import { useLanguage } from '../../state/language';

export function EmailForm({ errorId }: { errorId: string }) {
  useLanguage();
  const snap = useSnapshot(signInScreen);
  const creating = snap.mode === 'createAccount';
  const busy = snap.status === 'pending' && snap.attempt === 'email';
  const [email, setEmail] = useState(snap.email);
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
    <form
      className="auth-form"
      onSubmit={onSubmit}
      aria-busy={busy}
      aria-describedby={snap.error ? errorId : undefined}
    >
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
}
