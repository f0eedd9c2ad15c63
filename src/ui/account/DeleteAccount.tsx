// Request Account Deletion (SPEC 4): the button, then "Are you sure?", DELETE, the success message, sign-out.
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { message } from '../../messages/catalogue';
import { account, cancelDeletion, confirmDeletion, requestDeletion } from '../../state/account';
import { Dialog } from '../components/Dialog';
import { useLanguage } from '../../state/language';

export function DeleteAccount() {
  useLanguage();
  const snap = useSnapshot(account).deletion;
  const navigate = useNavigate();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  // The buttons go once the account is deleted: focus moves to the message instead of falling to the page.
  const deleted = snap.status === 'succeeded';
  useEffect(() => {
    if (deleted) doneRef.current?.focus();
  }, [deleted]);
  const busy = snap.status === 'pending' || deleted;
  const onConfirm = () => void confirmDeletion({ navigate: (href) => navigate({ href, replace: true }) });
  return (
    <section className="card danger-zone" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">{message('deleteAccountHeading')}</h2>
      <p>{message('deleteAccountText')}</p>
      <div>
        <button type="button" className="button danger" onClick={requestDeletion}>
          {message('requestAccountDeletion')}
        </button>
      </div>
      {(snap.confirming || deleted) && (
        <Dialog
          role="alertdialog"
          title={message(deleted ? 'accountDeletedTitle' : 'deletionConfirm')}
          description={deleted ? undefined : message('deletionWarning')}
          onClose={cancelDeletion}
          dismissible={!busy}
          initialFocusRef={cancelRef}
        >
          {deleted ? (
            <p ref={doneRef} className="alert alert-success" role="status" tabIndex={-1}>
              {message('deletionSucceeded')}
            </p>
          ) : (
            <>
              {snap.error && (
                <p className="alert alert-error" role="alert">
                  {snap.error}
                </p>
              )}
              <div className="dialog-actions">
                <button
                  ref={cancelRef}
                  type="button"
                  className="button secondary"
                  onClick={cancelDeletion}
                  disabled={busy}
                >
                  {message('cancel')}
                </button>
                <button
                  type="button"
                  className="button danger"
                  onClick={onConfirm}
                  disabled={busy}
                  aria-busy={busy || undefined}
                >
                  {message(snap.status === 'pending' ? 'deletingAccount' : 'deleteAccountButton')}
                </button>
              </div>
            </>
          )}
        </Dialog>
      )}
    </section>
  );
}
