// The offer to continue in the system browser where popups cannot work (sign-in and account linking): the hint, the
// button, and what happened after it (the host opens the browser, or the address to open by hand).
import { useRouterState } from '@tanstack/react-router';
import { useId } from 'react';
import { message, type MessageCode } from '../../messages/catalogue';
import type { BrowserOutcome } from '../../state/browser-offer';
import { useLanguage } from '../../state/language';

export interface SystemBrowserOfferProps {
  hint: MessageCode;
  requested: MessageCode;
  manual: MessageCode;
  /** What the last press led to: the host opens the browser, or the page shows the address. */
  outcome: BrowserOutcome;
  /** Called with this same page's absolute address (its query included). */
  onContinue: (url: string) => void;
  /** The class names of the panel and of the address line, per screen. */
  className: string;
  urlClassName: string;
  buttonClassName?: string;
}

export function SystemBrowserOffer({
  hint,
  requested,
  manual,
  outcome,
  onContinue,
  className,
  urlClassName,
  buttonClassName = 'button secondary',
}: SystemBrowserOfferProps) {
  useLanguage();
  const href = useRouterState({ select: (s) => s.location.href });
  const id = useId();
  const url = new URL(href, document.baseURI).href;
  return (
    <section className={`alert alert-info ${className}`} aria-labelledby={`${id}-hint`}>
      <p id={`${id}-hint`}>{message(hint)}</p>
      <button type="button" className={buttonClassName} onClick={() => onContinue(url)}>
        {message('openInBrowser')}
      </button>
      <div role="status">
        {outcome === 'requested' && <p>{message(requested)}</p>}
        {outcome === 'manual' && (
          <>
            <p>{message(manual)}</p>
            <p className={urlClassName}>
              <a href={url} target="_blank" rel="noopener noreferrer">
                {url}
              </a>
            </p>
          </>
        )}
      </div>
    </section>
  );
}
