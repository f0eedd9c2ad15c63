// My Account (/): profile information, the Manage or Upgrade link, the payments, and Request Account Deletion (SPEC 2).
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { accountTypeView } from '../../domain/profile';
import { message } from '../../messages/catalogue';
import { expiryText, formatDate } from '../../messages/format';
import { paymentsPermission } from '../../state/payments-permission';
import { loadPlayer, player } from '../../state/player';
import { shownUsername } from '../../state/account';
import { session } from '../../state/session';
import { loadSubscription, subscription } from '../../state/subscription';
import { Avatar } from '../account/Avatar';
import { Payments } from '../account/Payments';
import { UsernameField } from '../account/UsernameField';
import { useAccountSections } from '../account/sections-chunk';
import { signInMethodsText } from '../../state/sign-in-method-names';
import { LoadError } from '../components/LoadError';
import { useLanguage } from '../../state/language';

export function AccountPage() {
  useLanguage();
  const { user } = useSnapshot(session);
  const playerSnap = useSnapshot(player);
  const usernameLabel = useId();
  const lower = useAccountSections();

  if (!user) return null;
  const username = shownUsername(playerSnap.cloud);
  return (
    <section className="page account-page" aria-labelledby="account-title">
      <h1 id="account-title">{message('myAccountHeading')}</h1>
      {playerSnap.status === 'error' && playerSnap.error && (
        <LoadError text={playerSnap.error} onRetry={() => void loadPlayer({ force: true })} />
      )}
      <section className="card profile-card" aria-labelledby="profile-title">
        <div className="profile-header">
          <Avatar
            photoURL={user.photoURL}
            name={user.displayName || username || null}
            email={user.email}
            seed={user.uid}
          />
          <div className="profile-heading">
            <h2 id="profile-title">{message('profileHeading')}</h2>
            <p className="profile-name">{user.displayName || username || user.email}</p>
          </div>
        </div>
        <dl className="profile-list">
          <div className="profile-row">
            <dt id={usernameLabel}>{message('usernameLabel')}</dt>
            <dd>
              {playerSnap.cloud ? (
                <UsernameField name={username} labelId={usernameLabel} />
              ) : playerSnap.status === 'error' ? (
                message('notAvailable')
              ) : (
                <span className="muted" role="status">
                  {message('loading')}
                </span>
              )}
            </dd>
          </div>
          <div className="profile-row">
            <dt>{message('emailLabel')}</dt>
            <dd className="profile-email">{user.email ?? message('notAvailable')}</dd>
          </div>
          <div className="profile-row">
            <dt>{message('signInMethodLabel')}</dt>
            <dd>{signInMethodsText(user.providerIds)}</dd>
          </div>
          <div className="profile-row">
            <dt>{message('accountCreatedLabel')}</dt>
            <dd>{formatDate(user.creationTime) ?? message('notAvailable')}</dd>
          </div>
          <div className="profile-row">
            <dt>{message('accountTypeLabel')}</dt>
            <dd>
              <AccountType />
            </dd>
          </div>
        </dl>
      </section>
      <Payments />
      {lower && 'sections' in lower ? (
        <>
          <lower.sections.SignInSecurity />
          <lower.sections.YourData />
          <lower.sections.DeleteAccount />
        </>
      ) : lower ? (
        <LoadError text={lower.failed} onRetry={lower.retry} />
      ) : (
        <p className="muted account-sections-loading" role="status">
          {message('loading')}
        </p>
      )}
    </section>
  );
}

function AccountType() {
  useLanguage();
  const sub = useSnapshot(subscription);
  const { allowed } = useSnapshot(paymentsPermission);
  if (sub.status === 'error') {
    // Try Again loads the plan again rather than reloading My Account (departure 22).
    return (
      <span className="account-type">
        <span className="field-error">{sub.error}</span>
        <button type="button" className="button link" onClick={() => void loadSubscription({ force: true })}>
          {message('tryAgain')}
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
        <span className={view.isPro ? 'plan-badge plan-badge-pro' : 'plan-badge'}>{message(view.nameKey)}</span>
        {view.status === 'CANCELLED' && <span className="plan-status">{message('planStatusCancelled')}</span>}
        {view.status === 'PAUSED' && <span className="plan-status">{message('planStatusPaused')}</span>}
      </span>
      {view.expiryDays !== null && <span className="account-expiry">{expiryText(view.expiryDays)}</span>}
      {allowed && (
        <Link
          to="/subscription"
          className="button secondary account-type-link"
          aria-label={message(view.isPro ? 'manageSubscriptionLabel' : 'upgradeToProLabel')}
        >
          {message(view.isPro ? 'manageSubscription' : 'upgradeToPro')}
        </Link>
      )}
    </span>
  );
}
