// The offer to continue in the system browser where popups cannot work (sign-in and account linking): the hint, the
// button, and what happened after it (the host opens the browser, or the address to open by hand).
import { useRouterState } from '@tanstack/react-router';
import { useId } from 'react';
import { message, type MessageCode } from '../../messages/catalogue';
import type { BrowserHandoff } from '../../state/browser-handoff';
import { useLanguage } from '../../state/language';

export interface BrowserHandoffProps {
  hint: MessageCode;
  requested: MessageCode;
  manual: MessageCode;
  /** What the last press led to: the host opens the browser, or the page shows the address. */
  handoff: BrowserHandoff;
  /** Called with this same page's absolute address (its query included). */
  onContinue: (url: string) => void;
  /** The class names of the panel and of the address line, per screen. */
  className: string;
  urlClassName: string;
  buttonClassName?: string;
}

export function BrowserHandoff({
  hint,
  requested,
  manual,
  handoff,
  onContinue,
  className,
  urlClassName,
  buttonClassName = 'button secondary',
}: BrowserHandoffProps) {
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
        {handoff === 'requested' && <p>{message(requested)}</p>}
        {handoff === 'manual' && (
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
