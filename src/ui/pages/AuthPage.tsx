// The sign-in screen (/auth): provider choice, e-mail form, reset form, "Check your email", and the redirect overlay.
// The forms and the overlay after a sign-in come in a chunk (../auth/views-chunk.ts).
import { useEffect, useId, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { config } from '../../config/config';
import { message, type MessageCode } from '../../messages/catalogue';
import { handoff, showsSignInOverlay } from '../../state/handoff';
import { session } from '../../state/session';
import { signInScreen, type SignInMode } from '../../state/sign-in';
import { OpenInBrowser } from '../auth/OpenInBrowser';
import { ProviderChoice } from '../auth/ProviderChoice';
import { useAuthViews } from '../auth/views-chunk';
import { Overlay } from '../components/Overlay';
import '../styles/auth.css';
import { LanguagePicker } from '../components/LanguagePicker';
import { useLanguage } from '../../state/language';

const HEADINGS: Record<SignInMode, MessageCode> = {
  choice: 'welcomeHeading',
  signIn: 'welcomeHeading',
  createAccount: 'createHeading',
  reset: 'resetHeading',
  resetSent: 'checkEmailHeading',
};

export function AuthPage() {
  useLanguage();
  const snap = useSnapshot(signInScreen);
  const flow = useSnapshot(handoff);
  const { revoked } = useSnapshot(session);
  const errorId = useId();
  const card = useRef<HTMLDivElement>(null);
  const shownMode = useRef(snap.mode);
  const focusDue = useRef(false);
  const overlay = showsSignInOverlay(snap, flow.phase);
  const offer = snap.mode === 'choice' && snap.offerBrowser;
  const views = useAuthViews(snap.mode !== 'choice' || overlay);

  // On a change of view, focus goes to the first field of a form, or else to the heading, so keyboard and
  // screen-reader users land in the new view instead of on a button that disappeared; a form's view once its code is
  // here. Not on first render (comparing modes, not counting renders, so StrictMode's double effects change nothing).
  useEffect(() => {
    if (shownMode.current !== snap.mode) focusDue.current = true;
    shownMode.current = snap.mode;
    if (!focusDue.current || (snap.mode !== 'choice' && !views)) return;
    focusDue.current = false;
    const target =
      card.current?.querySelector<HTMLElement>('[data-autofocus]') ?? card.current?.querySelector<HTMLElement>('h1');
    target?.focus();
  }, [snap.mode, views]);

  const welcome = snap.mode === 'choice' || snap.mode === 'signIn';
  // A session restored at load is being handed to the desktop app (domain/handoff.ts `redirectsAtOnce`): the blocking
  // message says so (RootLayout), and no sign-in choice shows under it to a user who is already signed in. A sign-in
  // made here starts the same redirect a moment before its attempt is over: the card of an attempt stays, under the
  // message, rather than being taken down and built again in the one task that hands the token over.
  if (flow.phase === 'redirecting' && !snap.attempt) return <main id="main" className="auth-shell auth-screen" />;
  return (
    <main id="main" className="auth-shell auth-screen">
      <div className="card auth-card" ref={card}>
        <header className="auth-header">
          <p className="auth-brand" aria-hidden="true">
            {config.productName}
          </p>
          <h1 tabIndex={-1}>{message(HEADINGS[snap.mode])}</h1>
          {welcome && <p className="auth-subtitle">{message('welcomeSubtitle')}</p>}
        </header>
        {revoked && !snap.notice && (
          <div className="alert alert-info" role="status">
            {message('signedOutEverywhere')}
          </div>
        )}
        {snap.notice && (
          <div className={`alert ${snap.notice.kind === 'success' ? 'alert-success' : 'alert-info'}`} role="status">
            {snap.notice.text}
          </div>
        )}
        {snap.error && (
          <div className="alert alert-error" role="alert" id={errorId}>
            {snap.error}
          </div>
        )}
        {snap.mode === 'choice' && <ProviderChoice />}
        {snap.mode !== 'choice' && !views && (
          <p className="auth-loading" role="status">
            <span className="spinner small" aria-hidden="true" /> {message('loading')}
          </p>
        )}
        {views && (snap.mode === 'signIn' || snap.mode === 'createAccount') && <views.EmailForm errorId={errorId} />}
        {views && snap.mode === 'reset' && <views.ResetForm errorId={errorId} />}
        {views && snap.mode === 'resetSent' && <views.CheckEmail />}
        {offer && <OpenInBrowser />}
      </div>
      <LanguagePicker className="auth-language" />
      {/* Until the views are here, the overlay after a sign-in is a plain status with the same words. */}
      {overlay && (views ? <views.AuthOverlay /> : <Overlay text={message('authOverlay')} />)}
    </main>
  );
}
