// The running subscription: plan, status (Active, Paused, Cancelled) and the cancel, pause and resume actions.
import { canCancel, canPause, canResume, planById, statusSummary, type Subscription } from '../../domain/plans';

export interface CurrentSubscriptionProps {
  sub: Subscription;
  busy: boolean;
  onCancel(): void;
  onPause(): void;
  onResume(): void;
}

export function CurrentSubscription({ sub, busy, onCancel, onPause, onResume }: CurrentSubscriptionProps) {
  const plan = planById(sub.plan);
  const status = statusSummary(sub);
  const apple = sub.subscriptionSource === 'apple';
  return (
    <section className="card current-subscription" aria-labelledby="current-subscription-title">
      <h2 id="current-subscription-title">Your Subscription</h2>
      <dl className="subscription-facts">
        <div>
          <dt>Plan</dt>
          <dd>{plan.name}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`status-pill status-${sub.status.toLowerCase()}`}>{status.label}</span>
          </dd>
        </div>
        {status.detail && (
          <div>
            <dt>{sub.status === 'PAUSED' ? 'Pause' : 'Billing'}</dt>
            <dd>{status.detail}</dd>
          </div>
        )}
      </dl>
      {apple && <p className="field-hint">This subscription was bought through Apple. Cancel it in your App Store subscriptions.</p>}
      <div className="subscription-actions">
        {canResume(sub) && (
          <button type="button" className="button" onClick={onResume} disabled={busy}>
            Resume Subscription
          </button>
        )}
        {canPause(sub) && (
          <button type="button" className="button secondary" onClick={onPause} disabled={busy}>
            Pause Subscription
          </button>
        )}
        {canCancel(sub) && (
          <button type="button" className="button secondary danger-outline" onClick={onCancel} disabled={busy}>
            Cancel Subscription
          </button>
        )}
      </div>
    </section>
  );
}
