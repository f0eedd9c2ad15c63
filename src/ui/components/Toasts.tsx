// The toast region: errors and warnings announced as alerts, the rest as status; each dismissible; timers pause while read.
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { dismissToast, pauseToasts, resumeToasts, toasts, type ToastKind } from '../../state/toasts';
import { KEEP_LIVE_ATTRIBUTE } from './keep-live';
import '../styles/toasts.css';
import { message } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';

function KindIcon({ kind }: { kind: ToastKind }) {
  if (kind === 'loading') return <span className="spinner toast-spinner" aria-hidden="true" />;
  if (kind === 'default') return null;
  const paths: Record<Exclude<ToastKind, 'loading' | 'default'>, string> = {
    info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z',
    success: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1.5 14.5-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4z',
    warning: 'M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z',
    error: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2zm0-4h-2V7h2z',
  };
  return (
    <svg className="toast-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={paths[kind]} fill="currentColor" />
    </svg>
  );
}

// Outside a store: a DOM node, not state; made again when a test or a new body removes it.
let host: HTMLElement | null = null;

/** A container of its own under <body>, marked so that an open modal dialog takes it in: announced, on top, dismissible. */
function toastHost(): HTMLElement {
  if (!host || !host.isConnected) {
    host = document.createElement('div');
    host.className = 'toast-host';
    host.setAttribute(KEEP_LIVE_ATTRIBUTE, '');
    document.body.appendChild(host);
  }
  return host;
}

export function Toasts() {
  useLanguage();
  const snap = useSnapshot(toasts);
  return createPortal(
    <section
      className="toasts"
      aria-label={message('notificationsLabel')}
      onMouseEnter={() => pauseToasts()}
      onMouseLeave={() => resumeToasts()}
      onFocus={() => pauseToasts()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resumeToasts();
      }}
      hidden={snap.items.length === 0}
    >
      <div className="toast-list">
        {snap.items.map((t) => {
          const urgent = t.kind === 'error' || t.kind === 'warning';
          return (
            <div
              key={t.id}
              className={`toast toast-${t.kind}`}
              role={urgent ? 'alert' : 'status'}
              aria-live={urgent ? 'assertive' : 'polite'}
              aria-atomic="true"
            >
              <KindIcon kind={t.kind} />
              <span className="toast-text">{t.text}</span>
              <button
                type="button"
                className="toast-close"
                aria-label={message('dismissNotification')}
                onClick={() => dismissToast(t.id)}
              >
                <span aria-hidden="true">{message('closeGlyph')}</span>
              </button>
            </div>
          );
        })}
      </div>
    </section>,
    toastHost(),
  );
}
