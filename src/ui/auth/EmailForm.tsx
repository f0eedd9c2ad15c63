// The e-mail form of /auth, in sign-in or create-account mode (SPEC 2, 5).
import { useId, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import { message } from '../../messages/catalogue';
import { rememberEmail, showProviderChoice, showResetForm, signInScreen, submitEmailForm, toggleEmailMode } from '../../state/sign-in';

export function EmailForm({ errorId }: { errorId: string }) {
  const snap = useSnapshot(signInScreen);
  const creating = snap.mode === 'createAccount';
  const busy = snap.pending === 'email';
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
    <form className="auth-form" onSubmit={onSubmit} aria-busy={busy} aria-describedby={snap.error ? errorId : undefined}>
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
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
        <label htmlFor={`${id}-password`}>Password</label>
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
          <button type="button" className="button link auth-reveal" aria-pressed={showPassword} aria-controls={`${id}-password`} onClick={() => setShowPassword((on) => !on)}>
            <span aria-hidden="true">{showPassword ? 'Hide' : 'Show'}</span>
            <span className="visually-hidden">{showPassword ? 'Hide password' : 'Show password'}</span>
          </button>
        </div>
        {creating && (
          <p className="field-hint" id={hintId}>
            At least {PASSWORD_MIN_LENGTH} characters
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
        {creating ? 'Create Account' : 'Sign In'}
      </button>
      <p className="visually-hidden" role="status">
        {busy ? (creating ? 'Creating your account…' : 'Signing in…') : ''}
      </p>
      <p className="auth-toggle">
        <button type="button" className="button link" onClick={leave(toggleEmailMode)}>
          {creating ? 'Already have an account? Sign in' : "Don't have an account? Create one"}
        </button>
      </p>
      <button type="button" className="button secondary block" onClick={leave(showProviderChoice)}>
        {message('backToOptions')}
      </button>
    </form>
  );
}
