import { useSnapshot } from 'valtio';
import { dismissToast, toasts } from '../../state/toasts';

/** Toasts announced to screen readers: errors as alerts, the rest as status. */
export function Toasts() {
  const snap = useSnapshot(toasts);
  return (
    <div className="toasts" aria-live="polite">
      {snap.items.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' || t.kind === 'warning' ? 'alert' : 'status'}>
          {t.kind === 'loading' && <span className="spinner" aria-hidden="true" />}
          <span className="toast-text">{t.text}</span>
          <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
