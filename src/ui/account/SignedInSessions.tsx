// "Where you're signed in" and "Sign out everywhere", in My Account's "Sign-in & security" (issue 51).
import { useEffect, useId } from 'react';
import { useSnapshot } from 'valtio';
import { message } from '../../messages/catalogue';
import {
  accountData,
  closeDialog,
  confirmSignOutEverywhere,
  enterSessionsSection,
  loadSessions,
  openSignOutEverywhere,
  sessionRows,
  signedInSessions,
} from '../../state/account-sessions';
import { useLanguage } from '../../state/language';
import { LoadError } from '../components/LoadError';
import { RecentSignInDialog } from './RecentSignInDialog';

export function SignedInSessions() {
  useLanguage();
  const id = useId();
  const list = useSnapshot(signedInSessions);
  const data = useSnapshot(accountData);
  useEffect(() => enterSessionsSection(), []);
  const rows = list.loaded ? sessionRows(list.sessions) : [];
  const dialog = data.dialog?.action === 'revoke' ? data.dialog : null;
  return (
    <section className="security-part" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{message('sessionsHeading')}</h3>
      {list.status === 'error' && list.error ? (
        <LoadError text={list.error} onRetry={() => void loadSessions()} />
      ) : !list.loaded ? (
        <p className="muted" role="status">
          {message('loading')}
        </p>
      ) : (
        <ul className="session-list" aria-labelledby={`${id}-title`}>
          {rows.map((row) => (
            <li key={row.id} className="session">
              <div className="session-main">
                <span className="session-device">{row.device}</span>
                <span className="method-badge">{row.kind}</span>
                {row.current && <span className="method-badge method-badge-on">{message('sessionThisDevice')}</span>}
              </div>
              <div className="session-details">
                <time dateTime={row.signedInAt}>{row.signedIn}</time>
                <time dateTime={row.lastActiveAt}>{row.lastActive}</time>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button type="button" className="button secondary" onClick={() => void openSignOutEverywhere()}>
          {message('signOutEverywhere')}
        </button>
      </div>
      {dialog && (
        <RecentSignInDialog
          title={message('signOutEverywhereTitle')}
          text={message('signOutEverywhereText')}
          reauth={dialog.reauth}
          record={data.revoke}
          confirmLabel={message('signOutEverywhere')}
          pendingLabel={message('signingOutEverywhere')}
          danger
          onConfirm={(password) => void confirmSignOutEverywhere(password)}
          onClose={closeDialog}
        />
      )}
    </section>
  );
}
