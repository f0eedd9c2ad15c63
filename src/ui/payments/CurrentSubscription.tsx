// The running subscription: plan, status (Active, Paused, Cancelled) and the cancel, pause and resume actions.
import { canCancel, canPause, canResume, planTexts, statusSummary } from '../../domain/plan-offers';
import type { Subscription } from '../../domain/plans';
import { message } from '../../messages/catalogue';
import { formatDate } from '../../messages/format';
import { useLanguage } from '../../state/language';

export interface CurrentSubscriptionProps {
  sub: Subscription;
  busy: boolean;
  onCancel(): void;
  onPause(): void;
  onResume(): void;
}

export function CurrentSubscription({ sub, busy, onCancel, onPause, onResume }: CurrentSubscriptionProps) {
  useLanguage();
  const plan = planTexts(sub.plan);
  const status = statusSummary(sub);
  const apple = sub.subscriptionSource === 'apple';
  return (
    <section className="card current-subscription" aria-labelledby="current-subscription-title">
      <h2 id="current-subscription-title">{message('yourSubscriptionHeading')}</h2>
      <dl className="subscription-facts">
        <div>
          <dt>{message('planLabel')}</dt>
          <dd>{message(plan.nameKey)}</dd>
        </div>
        <div>
          <dt>{message('statusLabel')}</dt>
          <dd>
            <span className={`status-pill status-${sub.status.toLowerCase()}`}>{message(status.labelKey)}</span>
          </dd>
        </div>
        {status.detail && (
          <div>
            <dt>{message(sub.status === 'PAUSED' ? 'pauseLabel' : 'billingLabel')}</dt>
            <dd>{message(status.detail.key, { date: formatDate(status.detail.date) ?? status.detail.date })}</dd>
          </div>
        )}
      </dl>
      {apple && <p className="field-hint">{message('appleSubscriptionHint')}</p>}
      <div className="subscription-actions">
        {canResume(sub) && (
          <button type="button" className="button" onClick={onResume} disabled={busy}>
            {message('resumeSubscription')}
          </button>
        )}
        {canPause(sub) && (
          <button type="button" className="button secondary" onClick={onPause} disabled={busy}>
            {message('pauseSubscription')}
          </button>
        )}
        {canCancel(sub) && (
          <button type="button" className="button secondary danger-outline" onClick={onCancel} disabled={busy}>
            {message('cancelSubscription')}
          </button>
        )}
      </div>
    </section>
  );
}
