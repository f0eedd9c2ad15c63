// One plan of the catalogue (SPEC 3): name, price, savings, features, the "Current Plan" badge and its choose button.
import { useId } from 'react';
import { planFeatures, planTexts } from '../../domain/plan-offers';
import type { Plan } from '../../domain/plans';
import { message } from '../../messages/catalogue';
import { formatPrice } from '../../messages/format';
import { useLanguage } from '../../state/language';

export interface PlanCardProps {
  plan: Plan;
  current: boolean;
  /** Shown when the plan may be chosen (payments allowed, not the running plan). */
  onChoose?: () => void;
  disabled?: boolean;
  /** Why the plan cannot be chosen now, shown where its button would be (a subscription payment not recorded yet). */
  blockedBy?: string;
}

export function PlanCard({ plan, current, onChoose, disabled, blockedBy }: PlanCardProps) {
  useLanguage();
  const titleId = useId();
  const paid = plan.id !== 'FREE';
  const { titleKey, nameKey, periodKey } = planTexts(plan.id);
  return (
    <article
      className={`card plan-card${current ? ' plan-current' : ''}${paid ? ' plan-pro' : ''}`}
      aria-labelledby={titleId}
    >
      <div className="plan-head">
        <h3 id={titleId} className="plan-title">
          {message(titleKey)}
        </h3>
        {current && <span className="badge badge-current">{message('currentPlanBadge')}</span>}
        {plan.savings && (
          <span className="badge badge-savings">{message('savingsBadge', { savings: plan.savings })}</span>
        )}
      </div>
      <p className="plan-name">{message(nameKey)}</p>
      <p className="plan-price">
        <span className="plan-amount">{formatPrice(plan.price)}</span>{' '}
        <span className="plan-period">{message(periodKey)}</span>
      </p>
      <ul className="tick-list plan-features">
        {planFeatures(plan.id).map((f) => (
          <li key={f}>{message(f)}</li>
        ))}
      </ul>
      {blockedBy ? (
        <p className="plan-blocked">{blockedBy}</p>
      ) : (
        onChoose && (
          <button type="button" className="button block plan-choose" onClick={onChoose} disabled={disabled}>
            {message('choosePlan', { plan: message(titleKey) })}
          </button>
        )
      )}
    </article>
  );
}
