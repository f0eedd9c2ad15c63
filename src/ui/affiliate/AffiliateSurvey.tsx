// The affiliate survey modal (SPEC 2): "Welcome to dream book!", one choice, Submit or Skip.
import { useId, useRef, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { message } from '../../messages/catalogue';
import { affiliate, dismissAffiliateSurvey } from '../../state/affiliate';
import { AFFILIATE_IDS, AFFILIATE_LABELS, selectAffiliate, submitAffiliate } from '../../state/affiliate-survey';
import { Dialog } from '../components/Dialog';
import { useLanguage } from '../../state/language';

export function AffiliateSurvey() {
  const snap = useSnapshot(affiliate);
  if (!snap.open) return null;
  return <SurveyDialog />;
}

function SurveyDialog() {
  useLanguage();
  const snap = useSnapshot(affiliate);
  const submitting = snap.status === 'pending';
  const errorId = useId();
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await submitAffiliate();
    // Back to the choices so the error and the options are read together.
    if (affiliate.open && affiliate.error) groupRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  };
  return (
    <Dialog
      title={message('affiliateTitle')}
      description={message('affiliateIntro')}
      onClose={dismissAffiliateSurvey}
      dismissible={!submitting}
    >
      <form className="affiliate-form" onSubmit={onSubmit} noValidate>
        <fieldset
          ref={groupRef}
          className="affiliate-options"
          aria-describedby={snap.error ? errorId : undefined}
          aria-invalid={snap.error ? true : undefined}
        >
          <legend>{message('affiliateLegend')}</legend>
          {AFFILIATE_IDS.map((id) => (
            <label key={id} className="affiliate-option">
              <input
                type="radio"
                name="affiliate"
                value={id}
                checked={snap.selected === id}
                onChange={() => selectAffiliate(id)}
                disabled={submitting}
              />
              <span>{message(AFFILIATE_LABELS[id])}</span>
            </label>
          ))}
        </fieldset>
        {snap.error && (
          <p id={errorId} className="alert alert-error affiliate-error" role="alert">
            {snap.error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={dismissAffiliateSurvey} disabled={submitting}>
            {message('skip')}
          </button>
          <button type="submit" className="button" disabled={submitting} aria-busy={submitting || undefined}>
            {message(submitting ? 'submitting' : 'submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
