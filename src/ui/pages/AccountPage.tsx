// My Account (/): profile information, the Manage or Upgrade link, and Request Account Deletion (SPEC 2).
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { accountTypeView, localDate } from '../../domain/profile';
import { message } from '../../messages/catalogue';
import { paymentsPermission } from '../../state/payments-permission';
import { loadPlayer, player, shownUsername } from '../../state/player';
import { session } from '../../state/session';
import { loadSubscription, subscription } from '../../state/subscription';
import { Avatar } from '../account/Avatar';
import { DeleteAccount } from '../account/DeleteAccount';
import { UsernameField } from '../account/UsernameField';
import { SignInSecurity } from '../account/SignInSecurity';
import { signInMethodsText } from '../../domain/sign-in-methods';
import '../styles/account.css';

export function AccountPage() {
  const { user } = useSnapshot(session);
  const playerSnap = useSnapshot(player);
  const usernameLabel = useId();

  if (!user) return null;
  const username = shownUsername(playerSnap.cloud);
  return (
    <section className="page account-page" aria-labelledby="account-title">
      <h1 id="account-title">My Account</h1>
      {playerSnap.status === 'error' && playerSnap.error && (
        <div className="alert alert-error" role="alert">
          <p>{playerSnap.error}</p>
          <button type="button" className="button secondary" onClick={() => void loadPlayer({ force: true }).catch(() => undefined)}>
            Try Again
          </button>
        </div>
      )}
      <section className="card profile-card" aria-labelledby="profile-title">
        <div className="profile-header">
          <Avatar photoURL={user.photoURL} name={user.displayName || username || null} email={user.email} seed={user.uid} />
          <div className="profile-heading">
            <h2 id="profile-title">Profile information</h2>
            <p className="profile-name">{user.displayName || username || user.email}</p>
          </div>
        </div>
        <dl className="profile-list">
          <div className="profile-row">
            <dt id={usernameLabel}>Username</dt>
            <dd>
              {playerSnap.cloud ? (
                <UsernameField name={username} labelId={usernameLabel} />
              ) : playerSnap.status === 'error' ? (
                '—'
              ) : (
                <span className="muted" role="status">
                  {message('loading')}
                </span>
              )}
            </dd>
          </div>
          <div className="profile-row">
            <dt>Email</dt>
            <dd className="profile-email">{user.email ?? '—'}</dd>
          </div>
          <div className="profile-row">
            <dt>Sign-in Method</dt>
            <dd>{signInMethodsText(user.providerIds)}</dd>
          </div>
          <div className="profile-row">
            <dt>Account Created</dt>
            <dd>{localDate(user.creationTime) ?? '—'}</dd>
          </div>
          <div className="profile-row">
            <dt>Account Type</dt>
            <dd>
              <AccountType />
            </dd>
          </div>
        </dl>
      </section>
      <SignInSecurity />
      <DeleteAccount />
    </section>
  );
}

function AccountType() {
  const sub = useSnapshot(subscription);
  const { allowed } = useSnapshot(paymentsPermission);
  if (sub.status === 'error') {
    return (
      <span className="account-type">
        <span className="field-error">{sub.error}</span>
        <button type="button" className="button link" onClick={() => void loadSubscription({ force: true }).catch(() => undefined)}>
          Try Again
        </button>
      </span>
    );
  }
  if (sub.status !== 'ready') {
    return (
      <span className="muted" role="status">
        {message('loading')}
      </span>
    );
  }
  const view = accountTypeView(sub.current, Date.now());
  return (
    <span className="account-type">
      <span className="account-type-main">
        <span className={view.isPro ? 'plan-badge plan-badge-pro' : 'plan-badge'}>{view.name}</span>
        {view.status === 'CANCELLED' && <span className="plan-status">Cancelled</span>}
        {view.status === 'PAUSED' && <span className="plan-status">Paused</span>}
      </span>
      {view.expiry && <span className="account-expiry">{view.expiry}</span>}
      {allowed && (
        <Link to="/subscription" className="button secondary account-type-link">
          {view.isPro ? (
            <>
              Manage<span className="visually-hidden"> subscription</span>
            </>
          ) : (
            <>
              Upgrade<span className="visually-hidden"> to Pro</span>
            </>
          )}
        </Link>
      )}
    </span>
  );
}
