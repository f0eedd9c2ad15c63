// /share-design: what someone who received a shared design sees, with the way into the app and the stores.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { config } from '../../config/config';
import { deepLinkUrl, storesFor, type SharedLink } from '../../domain/shared-link';
import { message } from '../../messages/catalogue';
import { currentPlatform } from '../../state/shared-link';
import { DesignPreview } from '../public/DesignPreview';
import { OpenInApp } from '../public/OpenInApp';
import { PublicShell } from '../public/PublicShell';
import { StoreBadges } from '../public/StoreBadges';
import { useLanguage } from '../../state/language';

const routeApi = getRouteApi('/share-design');

export function ShareDesignPage() {
  useLanguage();
  const search = routeApi.useSearch();
  const link: SharedLink = { model: search.model, design: search.design, referral: search.referral };
  const [platform] = useState(currentPlatform);
  const mobile = platform.kind === 'ios' || platform.kind === 'android';
  const missing = !link.design && !link.model ? 'all' : !link.design ? 'design' : !link.model ? 'model' : null;

  return (
    <PublicShell>
      <div className="card public-card share-card">
        <p className="share-eyebrow">{message('sharedWithYou')}</p>
        <h1>{link.design ?? message('sharedDesignHeading')}</h1>
        {missing === 'all' ? (
          <p className="alert alert-warning" role="alert">
            {message('linkIncomplete')}
          </p>
        ) : (
          <>
            {missing && (
              <p className="alert alert-warning" role="alert">
                {message('linkPartial', {
                  missing: message(missing === 'design' ? 'missingDesignName' : 'missingHouseModel'),
                })}
              </p>
            )}
            <DesignPreview model={link.model} />
          </>
        )}
        <section className="public-section" aria-labelledby="open-heading">
          <h2 id="open-heading">{message('openInProductHeading')}</h2>
          {mobile ? (
            <OpenInApp
              url={deepLinkUrl(config.deepLinkScheme, link)}
              inAppBrowser={platform.inAppBrowser}
              auto={false}
            />
          ) : (
            <>
              {/* As on /external-link: a QR code for the phone, or dev mode's opening in the desktop app. */}
              <Link className="button" to="/external-link" search={{ ...link, dev: search.dev }}>
                {message('openInApp')}
              </Link>
              <p className="field-hint">{message('openOnDesktopHint')}</p>
            </>
          )}
        </section>
        <section className="public-section" aria-labelledby="get-app-heading">
          <h2 id="get-app-heading">{message('getTheApp')}</h2>
          <p>{message('getTheAppText')}</p>
          <StoreBadges stores={storesFor(platform.kind)} />
        </section>
      </div>
    </PublicShell>
  );
}
