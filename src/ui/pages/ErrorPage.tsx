// The router's error screen: plain words and three ways out, since a webview host shows no address bar; a host
// also hears of it (bridge `pageError`).
import { Link, useMatch, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ChunkMissingError, ChunkOfflineError } from '../../domain/chunk-failure';
import { message } from '../../messages/catalogue';
import { reloadForMissingChunk } from '../../state/chunk-loading';
import { reportPageError } from '../../state/host';
import { useLanguage } from '../../state/language';
import { LoadingScreen } from '../components/Overlay';

export interface ErrorPageProps extends ErrorComponentProps {
  /** Whether the screen brings its own <main>: not when it shows inside the signed-in layout's. */
  landmark: boolean;
}

export function ErrorPage({ error, reset, landmark }: ErrorPageProps) {
  useLanguage();
  const router = useRouter();
  const route = useMatch({ strict: false, select: (match) => String(match.fullPath) });
  useEffect(() => void reportPageError(route, error), [route, error]);
  // invalidate() re-runs the loaders and gives the matches new identities, which resets the error boundary; reset()
  // covers a render error whose route has no loader to re-run.
  const tryAgain = () => void router.invalidate().finally(reset);
  // A page whose code is gone after a release reloads once into the new one; the screen shows only if it did already.
  const [reloading] = useState(() => error instanceof ChunkMissingError && reloadForMissingChunk());
  // A page whose code could not arrive offline loads by itself when the connection is back.
  const offline = error instanceof ChunkOfflineError;
  useEffect(() => {
    if (!offline) return;
    const back = () => void router.invalidate().finally(reset);
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [offline, router, reset]);
  if (reloading) return <LoadingScreen />;
  const content = (
    <section className="card auth-card error-screen" aria-labelledby="error-screen-title">
      <h1 id="error-screen-title">{message('errorScreenHeading')}</h1>
      {/* Offline, the signed-in layout's banner says so above; elsewhere this screen does. */}
      {!offline ? (
        <p>{message('errorScreenText')}</p>
      ) : (
        landmark && <p className="alert alert-warning">{message('offlineBanner')}</p>
      )}
      <p className="field-hint">{message('errorScreenHint')}</p>
      <div className="security-actions">
        <button type="button" className="button" onClick={tryAgain}>
          {message('errorScreenTryAgain')}
        </button>
        <button type="button" className="button secondary" onClick={() => window.location.reload()}>
          {message('errorScreenReload')}
        </button>
        <Link to="/" className="button link">
          {message('errorScreenMyAccount')}
        </Link>
      </div>
    </section>
  );
  return landmark ? <main className="auth-shell">{content}</main> : <div className="page">{content}</div>;
}
