// The Verified / Not verified badge, "Send verification e-mail" with a cooldown, and a re-read of the account.
import { useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { message } from '../../messages/catalogue';
import {
  accountSecurity,
  checkVerification,
  sendVerification,
  verificationSecondsLeft,
} from '../../state/account-security';
import { useLanguage } from '../../state/language';

export function EmailVerification({ email }: { email: string | null }) {
  useLanguage();
  const snap = useSnapshot(accountSecurity).verification;
  const sending = snap.status === 'pending';
  const id = useId();
  const [, tick] = useState(0);
  const secondsLeft = verificationSecondsLeft();

  // Re-render once a second while the cooldown runs, so the button counts down and comes back by itself.
  useEffect(() => {
    if (snap.cooldownUntil === null) return;
    const timer = setInterval(() => {
      tick((n) => n + 1);
      if (verificationSecondsLeft() === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [snap.cooldownUntil]);

  // Back from the mail app or another tab after a link was sent: read the account again, quietly.
  useEffect(() => {
    if (snap.emailVerified || snap.cooldownUntil === null) return;
    const onReturn = () => {
      if (document.visibilityState === 'visible') void checkVerification({ quiet: true });
    };
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, [snap.emailVerified, snap.cooldownUntil]);

  return (
    <section className="security-part" aria-labelledby={`${id}-title`}>
      <div className="security-part-head">
        <h3 id={`${id}-title`}>{message('verificationHeading')}</h3>
        {email && (
          <span className={snap.emailVerified ? 'method-badge method-badge-on' : 'method-badge method-badge-warn'}>
            {snap.emailVerified ? message('emailVerified') : message('emailNotVerified')}
          </span>
        )}
      </div>
      {!email ? (
        <p className="muted">{message('noEmailAddress')}</p>
      ) : snap.emailVerified ? (
        <p className="muted">{message('verifiedIntro', { email })}</p>
      ) : (
        <>
          <p className="muted">{message('verificationIntro', { email })}</p>
          <div className="security-actions">
            <button
              type="button"
              className="button secondary"
              aria-disabled={sending || secondsLeft > 0}
              onClick={() => void sendVerification()}
            >
              {sending && <span className="spinner small" aria-hidden="true" />}
              {secondsLeft > 0
                ? message('sendVerificationAgainIn', { seconds: secondsLeft })
                : message('sendVerification')}
            </button>
            <button
              type="button"
              className="button link"
              aria-disabled={snap.check.status === 'pending'}
              onClick={() => void checkVerification()}
            >
              {message('checkVerification')}
            </button>
          </div>
        </>
      )}
      <div role="status">{snap.notice && <p className="security-notice">{snap.notice}</p>}</div>
      {(snap.error ?? snap.check.error) && (
        <p className="alert alert-error" role="alert">
          {snap.error ?? snap.check.error}
        </p>
      )}
    </section>
  );
}
