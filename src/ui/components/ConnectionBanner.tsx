// The signed-in layout's offline banner (docs/reliability.md "Reliability"): says the network is gone, goes when back.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { message } from '../../messages/catalogue';
import { connectivity, watchConnectivity } from '../../state/connectivity';
import { useLanguage } from '../../state/language';

export function ConnectionBanner() {
  useLanguage();
  const snap = useSnapshot(connectivity);
  useEffect(() => watchConnectivity(), []);
  const text = !snap.online ? message('offlineBanner') : snap.unreachable ? message('unreachableBanner') : null;
  // The live region stays in the page, so that what is written into it is announced.
  return (
    <div role="status" className="connection-status">
      {text && <p className="alert alert-warning page-banner">{text}</p>}
    </div>
  );
}
