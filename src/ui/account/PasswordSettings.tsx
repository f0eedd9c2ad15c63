// Change password (reauthenticating with the current one), or "Add a password" for a Google or Apple account.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import { message, plural } from '../../messages/catalogue';
import { accountSecurity, submitPassword } from '../../state/account-security';
import { useLanguage } from '../../state/language';

export function PasswordSettings({
  hasPassword,
  email,
  methods,
}: {
  hasPassword: boolean;
  email: string | null;
  methods: string;
}) {
  useLanguage();
  const snap = useSnapshot(accountSecurity).password;
  const pending = snap.status === 'pending';
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const id = useId();
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  // An error moves focus to the field it is about, so the reader hears it there.
  useEffect(() => {
    if (snap.field === 'current') currentRef.current?.focus();
    else if (snap.field === 'new') nextRef.current?.focus();
  }, [snap.field, snap.failures]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    void submitPassword(current, next).then((done) => {
      if (!done) return;
      setCurrent('');
      setNext('');
    });
  };
  const heading = hasPassword ? message('changePasswordHeading') : message('addPasswordHeading');
  const describe = (field: 'current' | 'new', extra?: string) =>
    [extra, snap.error && snap.field === field ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <section className="security-part" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{heading}</h3>
      {!hasPassword && email && <p className="muted">{message('addPasswordIntro', { methods, email })}</p>}
      {!hasPassword && !email ? (
        <p className="muted">{message('passwordNeedsEmail')}</p>
      ) : (
        <form className="security-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
          {/* For password managers: which account the new password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
          {hasPassword && (
            <div className="field">
              <label htmlFor={`${id}-current`}>{message('currentPasswordLabel')}</label>
              <input
                ref={currentRef}
                id={`${id}-current`}
                name="current-password"
                type="password"
                required
                autoComplete="current-password"
                aria-invalid={snap.field === 'current' || undefined}
                aria-describedby={describe('current')}
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
              />
            </div>
          )}
          <div className="field">
            <label htmlFor={`${id}-new`}>{message('newPasswordLabel')}</label>
            <input
              ref={nextRef}
              id={`${id}-new`}
              name="new-password"
              type="password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              autoComplete="new-password"
              aria-invalid={snap.field === 'new' || undefined}
              aria-describedby={describe('new', hintId)}
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
            <p className="field-hint" id={hintId}>
              {plural(PASSWORD_MIN_LENGTH, 'passwordHint')}
            </p>
          </div>
          {snap.error && (
            <p id={errorId} className="alert alert-error" role="alert">
              {snap.error}
            </p>
          )}
          <div>
            <button type="submit" className="button" aria-disabled={pending}>
              {pending && <span className="spinner small" aria-hidden="true" />}
              {hasPassword ? message('changePasswordButton') : message('addPasswordButton')}
            </button>
          </div>
          <p className="visually-hidden" role="status">
            {pending ? (hasPassword ? message('changingPassword') : message('addingPassword')) : ''}
          </p>
        </form>
      )}
    </section>
  );
}
