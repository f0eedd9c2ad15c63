// The Pro plan chooser (/subscription, SPEC 2): the running subscription, the plan cards (current first), the payment
// panel, the cancel and pause reason modals and the processing overlay. The flow lives in state/subscription-page.
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { choosablePlan, plansForDisplay, proFeatures } from '../../domain/plan-offers';
import { currentPlanId, type Subscription } from '../../domain/plans';
import { cancelReasons, pauseReasons } from '../../domain/subscription-reasons';
import { message } from '../../messages/catalogue';
import { paymentsPermission } from '../../state/payments-permission';
import { pendingPayments } from '../../state/pending-payments';
import { subscription } from '../../state/subscription';
import {
  closeReasonDialog,
  confirmCancel,
  confirmPause,
  openReasonDialog,
  reloadNow,
  resumeSubscription,
  selectPlan,
  subscriptionPage,
} from '../../state/subscription-page';
import { CurrentSubscription } from '../payments/CurrentSubscription';
import { PlanCard } from '../payments/PlanCard';
import { ProcessingOverlay } from '../payments/ProcessingOverlay';
import { ReasonDialog } from '../payments/ReasonDialog';
import { SubscriptionPaymentPanel } from '../payments/SubscriptionPaymentPanel';
import { LoadError } from '../components/LoadError';
import { useLanguage } from '../../state/language';

const route = getRouteApi('/app/subscription');

export function SubscriptionPage() {
  useLanguage();
  const { arrival } = route.useLoaderData();
  const navigate = useNavigate();
  const sub = useSnapshot(subscription);
  const page = useSnapshot(subscriptionPage);
  const permission = useSnapshot(paymentsPermission);
  const { subscriptionKept } = useSnapshot(pendingPayments);

  // The loader read the query on arrival (SPEC 2); once that is done, a bare /subscription stays.
  useEffect(() => {
    let live = true;
    void arrival.then((clear) => {
      if (live && clear) void navigate({ to: '/subscription', search: {}, replace: true });
    });
    return () => {
      live = false;
    };
  }, [arrival, navigate]);

  const current: Subscription | null = sub.current;
  const now = Date.now();
  const currentId = currentPlanId(current, now);
  const busy = page.change.status === 'pending';
  const overlay = busy ? page.change.overlay : null;

  return (
    <section className="page subscription-page" aria-labelledby="subscription-title">
      <div inert={busy} className="subscription-content">
        <header className="page-intro">
          <h1 id="subscription-title">{message('subscriptionHeading')}</h1>
          <p className="lead">
            {message('proIncludes', {
              features: proFeatures.map((f) => message(f)).join(message('proFeaturesJoiner')),
            })}
          </p>
        </header>

        {page.notice && (
          <p className={`alert alert-${page.notice.kind}`} role="status">
            {page.notice.text}
          </p>
        )}
        {page.reloadAt !== null && (
          <p className="field-hint" role="status">
            {message('subscriptionReloadHint')}
          </p>
        )}

        {sub.status === 'error' && sub.error ? (
          <LoadError text={sub.error} onRetry={reloadNow} />
        ) : sub.status !== 'ready' && current === null ? (
          <p className="loading-line" role="status">
            <span className="spinner" aria-hidden="true" /> {message('loading')}
          </p>
        ) : (
          <>
            {current && currentId !== 'FREE' && (
              <CurrentSubscription
                sub={current}
                busy={busy}
                onCancel={() => openReasonDialog('cancel')}
                onPause={() => openReasonDialog('pause')}
                onResume={() => void resumeSubscription()}
              />
            )}
            <section aria-labelledby="plans-title">
              <h2 id="plans-title">{message('plansHeading')}</h2>
              <ul className="plan-grid" role="list">
                {plansForDisplay(currentId).map((plan) => {
                  const choosable = permission.allowed ? choosablePlan(plan, current, now) : null;
                  return (
                    <li key={plan.id}>
                      <PlanCard
                        plan={plan}
                        current={plan.id === currentId}
                        onChoose={choosable ? () => selectPlan(choosable) : undefined}
                        disabled={busy}
                        blockedBy={choosable && subscriptionKept ? message('planPaymentKept') : undefined}
                      />
                    </li>
                  );
                })}
              </ul>
            </section>
          </>
        )}
      </div>

      <SubscriptionPaymentPanel />
      {page.dialog === 'cancel' && (
        <ReasonDialog
          title={message('cancelSubscription')}
          description={message('cancelDialogText')}
          legend={message('cancelDialogLegend')}
          reasons={cancelReasons}
          confirmLabel={message('cancelDialogConfirm')}
          dismissLabel={message('keepSubscription')}
          danger
          error={page.dialogError}
          onConfirm={(reason) => void confirmCancel(reason)}
          onClose={closeReasonDialog}
        />
      )}
      {page.dialog === 'pause' && (
        <ReasonDialog
          title={message('pauseSubscription')}
          description={message('pauseDialogText')}
          legend={message('pauseDialogLegend')}
          reasons={pauseReasons}
          confirmLabel={message('pauseDialogConfirm')}
          dismissLabel={message('keepSubscription')}
          error={page.dialogError}
          onConfirm={(reason) => void confirmPause(reason)}
          onClose={closeReasonDialog}
        />
      )}
      <ProcessingOverlay text={overlay && message(overlay)} />
    </section>
  );
}
