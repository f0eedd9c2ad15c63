// My Designs (SPEC 2): the count, a grid of design cards, and the loading, empty and error states.
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { message, plural } from '../../messages/catalogue';
import { designs, loadDesigns } from '../../state/designs';
import { DesignCard } from '../designs/DesignCard';
import { HouseIcon } from '../components/HouseIcon';
import { LoadError } from '../components/LoadError';
import { useLanguage } from '../../state/language';

const SKELETONS = 6;

export function MyDesignsPage() {
  useLanguage();
  const snap = useSnapshot(designs);
  const retryRef = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // After Try Again the button is gone: put focus on the heading so keyboard users are not dropped on the page.
  useEffect(() => {
    if (retryRef.current && snap.status === 'ready') {
      retryRef.current = false;
      headingRef.current?.focus();
    }
  }, [snap.status]);

  const onRetry = () => {
    retryRef.current = true;
    void loadDesigns({ force: true });
  };
  const ready = snap.status === 'ready';
  const count = snap.items.length;
  return (
    <section
      className="page designs-page"
      aria-labelledby="designs-title"
      aria-busy={snap.status === 'loading' || undefined}
    >
      <header className="designs-header">
        <h1 id="designs-title" ref={headingRef} tabIndex={-1}>
          {message('myDesignsHeading')}
        </h1>
        {ready && (
          <p className="designs-count" aria-live="polite">
            {plural(count, 'designCount')}
          </p>
        )}
      </header>

      {(snap.status === 'loading' || snap.status === 'idle') && (
        <div role="status">
          <span className="visually-hidden">{message('designsLoading')}</span>
          <ul className="designs-grid" aria-hidden="true">
            {Array.from({ length: SKELETONS }, (_, i) => (
              <li key={i} className="card design-card design-card-skeleton">
                <div className="design-card-thumb" />
                <div className="design-card-body">
                  <span className="skeleton-line" />
                  <span className="skeleton-line short" />
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}

      {snap.status === 'error' && (
        <LoadError text={snap.error ?? message('designsFetchFailed')} onRetry={onRetry} inPlaceOfList />
      )}

      {ready && count === 0 && (
        <div className="card designs-state designs-empty">
          <HouseIcon size={56} strokeWidth={2.5} />
          <p>{message('designsEmpty')}</p>
        </div>
      )}

      {ready && count > 0 && (
        <ul className="designs-grid" aria-labelledby="designs-title">
          {snap.items.map((design) => (
            <DesignCard key={design.key} design={design} />
          ))}
        </ul>
      )}
    </section>
  );
}
