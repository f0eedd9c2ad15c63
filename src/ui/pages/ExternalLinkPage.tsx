// /external-link (SPEC 2): hands a shared link to the app on this platform, or to the store that has it.
import { getRouteApi } from '@tanstack/react-router';
import { config } from '../../config/config';
import { deepLinkUrl, phoneLinkUrl, storesFor, type SharedLink } from '../../domain/shared-link';
import { message } from '../../messages/catalogue';
import { OpenInApp } from '../public/OpenInApp';
import { PublicShell } from '../public/PublicShell';
import { ScanToOpen } from '../public/ScanToOpen';
import { StoreBadges } from '../public/StoreBadges';
import { useLanguage } from '../../state/language';

const routeApi = getRouteApi('/external-link');

export function ExternalLinkPage() {
  useLanguage();
  const search = routeApi.useSearch();
  const { platform, refusedTarget } = routeApi.useLoaderData();
  const link: SharedLink = { model: search.model, design: search.design, referral: search.referral };

  const designLine = link.design ? (
    <p className="shared-design-name">{message('sharedDesignNamed', { design: link.design })}</p>
  ) : null;

  if (platform.kind === 'ios' || platform.kind === 'android') {
    return (
      <PublicShell>
        <div className="card public-card">
          <h1>{message('openInProductHeading')}</h1>
          {designLine}
          <OpenInApp url={deepLinkUrl(config.deepLinkScheme, link)} inAppBrowser={platform.inAppBrowser} auto />
          <section className="public-section" aria-labelledby="get-app-heading">
            <h2 id="get-app-heading">{message('noAppYet')}</h2>
            <StoreBadges stores={storesFor(platform.kind)} />
          </section>
        </div>
      </PublicShell>
    );
  }

  if (platform.kind === 'desktop') {
    return (
      <PublicShell>
        <div className="card public-card public-card-wide">
          <h1>{message('getAppHeading')}</h1>
          {designLine}
          {refusedTarget !== null && (
            <p className="alert alert-error" role="alert">
              {message('devRefused', { target: refusedTarget })}
            </p>
          )}
          <div className="public-columns">
            <ScanToOpen url={phoneLinkUrl(window.location.origin, '/external-link', link)} />
            <section className="public-section" aria-labelledby="download-heading">
              <h2 id="download-heading">{message('downloadHeading')}</h2>
              <p>{message('downloadText')}</p>
              <StoreBadges stores={storesFor('desktop')} />
            </section>
          </div>
        </div>
      </PublicShell>
    );
  }

  return (
    <PublicShell>
      <div className="card public-card">
        <h1>{message('getAppHeading')}</h1>
        {designLine}
        <p>{message('visitStoreText')}</p>
        <StoreBadges stores={storesFor('unknown')} />
      </div>
    </PublicShell>
  );
}
