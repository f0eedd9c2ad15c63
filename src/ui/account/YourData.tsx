// "Your data": a copy of what the account holds, as one JSON file (issue 51; GDPR art. 15 and 20).
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { message } from '../../messages/catalogue';
import { accountData, closeDialog, confirmDownload, requestDownload } from '../../state/account-sessions';
import { useLanguage } from '../../state/language';
import { RecentSignInDialog } from './RecentSignInDialog';
import { saveFile } from './save-file';

export function YourData() {
  useLanguage();
  const id = useId();
  const data = useSnapshot(accountData);
  const record = data.download;
  const pending = record.status === 'pending';
  const dialog = data.dialog?.action === 'download' ? data.dialog : null;
  return (
    <section className="card data-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{message('dataHeading')}</h2>
      <p>{message('dataIntro')}</p>
      {!dialog && record.error && (
        <p className="alert alert-error" role="alert">
          {record.error}
        </p>
      )}
      <div>
        <button
          type="button"
          className="button secondary"
          aria-disabled={pending || undefined}
          onClick={() => void requestDownload(saveFile)}
        >
          {pending && !dialog && <span className="spinner small" aria-hidden="true" />}
          {message('downloadData')}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {pending ? message('preparingData') : ''}
      </p>
      {dialog && (
        <RecentSignInDialog
          title={message('downloadData')}
          reauth={dialog.reauth}
          record={record}
          confirmLabel={message('downloadData')}
          pendingLabel={message('preparingData')}
          onConfirm={(password) => void confirmDownload(saveFile, password)}
          onClose={closeDialog}
        />
      )}
    </section>
  );
}
