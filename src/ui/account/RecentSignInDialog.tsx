// The confirmation of a sensitive action of My Account (sign out everywhere, download your data). When the sign-in is
// older than five minutes it asks for a new one first, as changing the password does: the password, or a note that
// Google's or Apple's window opens.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { message } from '../../messages/catalogue';
import { prepareLinkPopups } from '../../state/account-security';
import { reauthText, type Reauth } from '../../state/account-sessions';
import type { ActionRecord } from '../../state/resource';
import { useLanguage } from '../../state/language';
import { Dialog } from '../components/Dialog';

export function RecentSignInDialog({
  title,
  text,
  reauth,
  record,
  confirmLabel,
  pendingLabel,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  text?: ReactNode;
  reauth: Reauth | null;
  record: Readonly<ActionRecord>;
  confirmLabel: string;
  pendingLabel: string;
  danger?: boolean;
  onConfirm: (password: string) => void;
  onClose: () => void;
}) {
  useLanguage();
  const id = useId();
  const [password, setPassword] = useState('');
  const passwordRef = useRef<HTMLInputElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const pending = record.status === 'pending';
  const popup = reauth !== null && reauth !== 'password';
  const warmNow = () => prepareLinkPopups();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A second click while it runs does nothing more.
    if (!pending) onConfirm(password);
  };
  return (
    <Dialog
      role="alertdialog"
      title={title}
      description={reauth ? reauthText(reauth) : text}
      onClose={onClose}
      dismissible={!pending}
      initialFocusRef={reauth === 'password' ? passwordRef : cancelRef}
    >
      <form className="security-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
        {reauth && text && <p>{text}</p>}
        {reauth === 'password' && (
          <div className="field">
            <label htmlFor={`${id}-password`}>{message('currentPasswordLabel')}</label>
            <input
              ref={passwordRef}
              id={`${id}-password`}
              name="current-password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={record.error ? true : undefined}
              aria-describedby={record.error ? `${id}-error` : undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
        )}
        {record.error && (
          <p id={`${id}-error`} className="alert alert-error" role="alert">
            {record.error}
          </p>
        )}
        <div className="dialog-actions">
          <button ref={cancelRef} type="button" className="button secondary" onClick={onClose} disabled={pending}>
            {message('cancel')}
          </button>
          <button
            type="submit"
            className={danger ? 'button danger' : 'button'}
            aria-disabled={pending || undefined}
            // Google's or Apple's window opens in the click: its machinery loads as a pointer or the focus gets here.
            onPointerDown={popup ? warmNow : undefined}
            onFocus={popup ? warmNow : undefined}
          >
            {pending && <span className="spinner small" aria-hidden="true" />}
            {pending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
