// Opening the mobile app: follow the app's deep link, say what happened, and offer to try again.
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import type { InAppBrowser } from '../../domain/platform';
import { message } from '../../messages/catalogue';
import { appOpen, openInApp, resetAppOpen } from '../../state/shared-link';
import { useLanguage } from '../../state/language';

interface Props {
  /** From deepLinkUrl(): the configured scheme only. Null when the scheme is unusable. */
  url: string | null;
  inAppBrowser: InAppBrowser | null;
  /** Try the deep link as soon as the page shows (the /external-link behaviour of SPEC 2). */
  auto: boolean;
}

export function OpenInApp({ url, inAppBrowser, auto }: Props) {
  useLanguage();
  const snap = useSnapshot(appOpen);
  const tried = useRef(false);

  useEffect(() => {
    if (auto && url && !tried.current) {
      tried.current = true;
      openInApp(url);
    }
  }, [auto, url]);
  useEffect(() => () => resetAppOpen(), []);

  if (!url) return <p className="alert alert-info">{message('appCannotOpen')}</p>;

  const status =
    snap.status === 'opening'
      ? message('appOpening')
      : snap.status === 'notOpened'
        ? message('appNotOpened')
        : snap.status === 'left'
          ? message('appLeft')
          : '';
  return (
    <div className="open-in-app">
      <p className="open-in-app-status" role="status">
        {status}
      </p>
      {snap.status === 'notOpened' && inAppBrowser && (
        <p className="field-hint">{message('inAppBrowserHint', { app: inAppBrowser })}</p>
      )}
      <button type="button" className="button open-in-app-button" onClick={() => openInApp(url)}>
        {message('openInApp')}
      </button>
    </div>
  );
}
