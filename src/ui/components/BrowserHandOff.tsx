// The offer to continue in the system browser where popups cannot work (sign-in and account linking): the hint, the
// button, and what happened after it (the host opens the browser, or the address to open by hand).
import { useRouterState } from '@tanstack/react-router';
import { useId } from 'react';
import { message, type MessageCode } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';

export interface BrowserHandOffProps {
  hint: MessageCode;
  requested: MessageCode;
  manual: MessageCode;
  /** What the last press led to: the host opens the browser, or the page shows the address. */
  handOff: 'requested' | 'manual' | null;
  /** Called with this same page's absolute address (its query included). */
  onContinue: (url: string) => void;
  /** The class names of the panel and of the address line, per screen. */
  className: string;
  urlClassName: string;
  buttonClassName?: string;
}

export function BrowserHandOff({
  hint,
  requested,
  manual,
  handOff,
  onContinue,
  className,
  urlClassName,
  buttonClassName = 'button secondary',
}: BrowserHandOffProps) {
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
        {handOff === 'requested' && <p>{message(requested)}</p>}
        {handOff === 'manual' && (
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
