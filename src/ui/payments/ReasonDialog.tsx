// The cancellation-reason and pause-reason modals (SPEC 2, 5): one required choice among readable reasons.
import { useId, useState, type FormEvent } from 'react';
import type { Reason } from '../../domain/subscription-reasons';
import { message } from '../../messages/catalogue';
import { Dialog } from '../components/Dialog';
import { useLanguage } from '../../state/language';

export interface ReasonDialogProps {
  title: string;
  description: string;
  legend: string;
  reasons: readonly Reason[];
  confirmLabel: string;
  dismissLabel: string;
  error: string | null;
  danger?: boolean;
  onConfirm(reason: string | null): void;
  onClose(): void;
}

export function ReasonDialog({
  title,
  description,
  legend,
  reasons,
  confirmLabel,
  dismissLabel,
  error,
  danger,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  useLanguage();
  const [reason, setReason] = useState<string | null>(null);
  const name = useId();
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(reason);
  };
  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <form className="reason-form" onSubmit={submit} noValidate>
        <fieldset className="reason-list" aria-describedby={error ? errorId : undefined}>
          <legend>{legend}</legend>
          {reasons.map((r) => (
            <label key={r.value} className="reason-option">
              <input
                type="radio"
                name={name}
                value={r.value}
                checked={reason === r.value}
                onChange={() => setReason(r.value)}
              />
              <span>{message(r.labelKey)}</span>
            </label>
          ))}
        </fieldset>
        {error && (
          <p id={errorId} className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {dismissLabel}
          </button>
          <button type="submit" className={danger ? 'button danger' : 'button'}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
