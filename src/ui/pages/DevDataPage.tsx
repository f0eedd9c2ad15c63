// The development data explorer (SPEC 2; development builds only): per tab, what the portal holds and what the backend returns.
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { designs } from '../../state/designs';
import { DEV_TABS, devData, fetchDevAnswer, portalView, selectDevTab, type DevTab } from '../../state/dev-data';
import { player } from '../../state/player';
import { session } from '../../state/session';
import { subscription } from '../../state/subscription';
import { JsonBlock } from '../dev-data/JsonBlock';
import { Tabs } from '../dev-data/DevTabs';
import { message } from '../../messages/catalogue';
import { formatTime } from '../../messages/format';
import { devMessage, type DevMessageCode } from '../../messages/dev-catalogue';
import { isRightToLeft } from '../../messages/languages';
import { useLanguage } from '../../state/language';

const BACKEND_SOURCE: Record<DevTab, DevMessageCode> = {
  user: 'devSourceUser',
  subscription: 'devSourceSubscription',
  unity: 'devSourceUnity',
  cloudSave: 'devSourceCloudSave',
  designs: 'devSourceDesigns',
};

export function DevDataPage() {
  const tag = useLanguage();
  const snap = useSnapshot(devData);
  // Read through snapshots, so the page re-renders when what the portal holds changes.
  const sources = {
    session: useSnapshot(session),
    player: useSnapshot(player),
    subscription: useSnapshot(subscription),
    designs: useSnapshot(designs),
  };

  useEffect(() => {
    if (devData.answers[snap.tab].status === 'idle') void fetchDevAnswer(snap.tab);
  }, [snap.tab]);

  const tab = snap.tab;
  const answer = snap.answers[tab];
  const label = devMessage(DEV_TABS.find((t) => t.id === tab)!.label);
  const tabs = DEV_TABS.map((t) => ({ id: t.id, label: devMessage(t.label) }));
  return (
    // English on purpose in every language (docs/languages.md): the page says so, for screen readers and hyphenation;
    // the one portal text it shows, the loading status, is in the language in use and says which.
    <section className="page dev-data-page" aria-labelledby="dev-data-title" lang="en" dir="ltr">
      <h1 id="dev-data-title">{devMessage('devDataHeading')}</h1>
      <p className="muted">{devMessage('devDataIntro')}</p>
      <Tabs label={devMessage('devDataTabsLabel')} items={tabs} selected={tab} onSelect={selectDevTab}>
        <div className="dev-data-columns">
          <section className="card dev-data-section" aria-labelledby="dev-portal-title">
            <h2 id="dev-portal-title">{devMessage('devPortalStateHeading')}</h2>
            <JsonBlock value={portalView(tab, sources)} label={devMessage('devPortalStateLabel', { tab: label })} />
          </section>
          <section
            className="card dev-data-section"
            aria-labelledby="dev-backend-title"
            aria-busy={answer.status === 'pending' || undefined}
          >
            <div className="dev-data-section-head">
              <h2 id="dev-backend-title">{devMessage('devBackendHeading')}</h2>
              <button
                type="button"
                className="button secondary"
                onClick={() => void fetchDevAnswer(tab)}
                disabled={answer.status === 'pending'}
                aria-label={devMessage('devRefreshLabel', { tab: label })}
              >
                {devMessage('devRefresh')}
              </button>
            </div>
            <p className="muted dev-data-source">
              {devMessage(BACKEND_SOURCE[tab])}
              {answer.at && (
                <>
                  {devMessage('devFetchedAt')}
                  <time dateTime={answer.at}>{formatTime(answer.at)}</time>
                </>
              )}
            </p>
            {answer.status === 'pending' && (
              <p role="status" lang={tag} dir={isRightToLeft(tag) ? 'rtl' : 'ltr'}>
                {message('loading')}
              </p>
            )}
            {answer.status === 'failed' && (
              <p className="alert alert-error" role="alert">
                {answer.error}
              </p>
            )}
            {answer.status === 'succeeded' && (
              <JsonBlock value={answer.data} label={devMessage('devBackendLabel', { tab: label })} />
            )}
          </section>
        </div>
      </Tabs>
    </section>
  );
}
