// The way out of a webview or in-app browser where popups cannot work (docs/architecture.md "Sign-in inside webviews").
import { useSnapshot } from 'valtio';
import { continueInBrowser, signInScreen } from '../../state/sign-in';
import { SystemBrowserOffer } from '../components/SystemBrowserOffer';

/** The same /auth address with the same query goes to the browser, so it signs in for the same redirect target. */
export function OpenInBrowser() {
  const snap = useSnapshot(signInScreen);
  return (
    <SystemBrowserOffer
      hint="openInBrowserHint"
      requested="openInBrowserRequested"
      manual="openInBrowserManual"
      outcome={snap.browserOutcome}
      onContinue={continueInBrowser}
      className="auth-browser"
      urlClassName="auth-url"
      buttonClassName="button secondary block"
    />
  );
}
