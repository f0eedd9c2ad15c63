// The one block a page shows when its load failed (SPEC 8): the load's text and Try again, the same on every page.
import { message } from '../../messages/catalogue';
import { useLanguage } from '../../state/language';

interface LoadErrorProps {
  /** The load's own text (the store's `error`). */
  text: string;
  /** Try again: loads again (`force`), or reloads the page. */
  onRetry: () => void;
  /** The large form that stands in for a whole list (My Designs), instead of the alert above a page's content. */
  inPlaceOfList?: boolean;
}

/** A load that failed (SPEC 8): what went wrong, and Try again. */
export function LoadError({ text, onRetry, inPlaceOfList = false }: LoadErrorProps) {
  useLanguage();
  return (
    <div className={inPlaceOfList ? 'card designs-state' : 'alert alert-error'} role="alert">
      <p className={inPlaceOfList ? 'designs-state-title' : undefined}>{text}</p>
      <button type="button" className={inPlaceOfList ? 'button' : 'button secondary'} onClick={onRetry}>
        {message('tryAgain')}
      </button>
    </div>
  );
}
