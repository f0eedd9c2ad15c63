// The way out of a webview or in-app browser where Google and Apple popups cannot work (issue 3 item 7).
import { useRouterState } from '@tanstack/react-router';
import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { message } from '../../messages/catalogue';
import { continueInBrowser, signInScreen } from '../../state/sign-in';

export function OpenInBrowser() {
  const snap = useSnapshot(signInScreen);
  const href = useRouterState({ select: (s) => s.location.href });
  const id = useId();
  // The same /auth address with the same query, so the browser signs in for the same redirect target.
  const url = new URL(href, document.baseURI).href;
  return (
    <section className="alert alert-info auth-browser" aria-labelledby={`${id}-hint`}>
      <p id={`${id}-hint`}>{message('openInBrowserHint')}</p>
      <button type="button" className="button secondary block" onClick={() => continueInBrowser(url)}>
        {message('openInBrowser')}
      </button>
      <div role="status">
        {snap.browserHandOff === 'requested' && <p>{message('openInBrowserRequested')}</p>}
        {snap.browserHandOff === 'manual' && (
          <>
            <p>{message('openInBrowserManual')}</p>
            <p className="auth-url">
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
