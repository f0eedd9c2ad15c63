// The first view of /auth: Google, Apple or e-mail.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { message } from '../../messages/catalogue';
import { preparePopups, signInScreen, signInWithProvider, stopPreparingPopups } from '../../state/sign-in';
import { loadAuthViews, openEmailForm, prefetchAuthViews } from './views-chunk';
import { AppleIcon, EmailIcon, GoogleIcon } from './ProviderIcons';
import { useLanguage } from '../../state/language';

export function ProviderChoice() {
  useLanguage();
  const snap = useSnapshot(signInScreen);
  const busy = snap.status === 'pending';
  // aria-disabled rather than disabled: focus stays on the button the user pressed while the popup is open.
  const guard = (run: () => void) => () => {
    if (!busy) run();
  };
  // The popups' machinery and the e-mail form's code load while the choice shows, never before the session is known
  // (popup-warmth.ts, views-chunk.ts).
  useEffect(() => {
    preparePopups('idle');
    const stopForms = prefetchAuthViews();
    return () => {
      stopPreparingPopups();
      stopForms();
    };
  }, []);
  const warmNow = () => preparePopups('now');
  const formsNow = () => void loadAuthViews().catch(() => undefined);
  // The e-mail form opens once its code is here: until then its button says it is on its way.
  const [opening, setOpening] = useState(false);
  const openEmail = () => {
    setOpening(true);
    void openEmailForm().finally(() => setOpening(false));
  };
  return (
    <div className="auth-providers" aria-busy={busy || opening}>
      <button
        type="button"
        className="button secondary block auth-provider"
        aria-disabled={busy}
        onPointerDown={warmNow}
        onFocus={warmNow}
        onClick={guard(() => void signInWithProvider('google'))}
      >
        {busy && snap.attempt === 'google' ? <span className="spinner small" aria-hidden="true" /> : <GoogleIcon />}
        {message('continueWithGoogle')}
      </button>
      <button
        type="button"
        className="button secondary block auth-provider auth-provider-apple"
        aria-disabled={busy}
        onPointerDown={warmNow}
        onFocus={warmNow}
        onClick={guard(() => void signInWithProvider('apple'))}
      >
        {busy && snap.attempt === 'apple' ? <span className="spinner small" aria-hidden="true" /> : <AppleIcon />}
        {message('continueWithApple')}
      </button>
      <div className="auth-divider" aria-hidden="true">
        <span>{message('providerDivider')}</span>
      </div>
      <button
        type="button"
        className="button block auth-provider"
        aria-disabled={busy || opening}
        onPointerDown={formsNow}
        onFocus={formsNow}
        onClick={guard(() => {
          if (!opening) openEmail();
        })}
      >
        {opening ? <span className="spinner small" aria-hidden="true" /> : <EmailIcon />}
        {message('continueWithEmail')}
      </button>
    </div>
  );
}
