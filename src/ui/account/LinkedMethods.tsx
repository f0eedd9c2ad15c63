// Google and Apple, linked or not: Link in a popup, Unlink after a confirmation, never the last method.
import { useId, useRef, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { canUnlink, LINKABLE_PROVIDERS, type LinkableProvider } from '../../domain/sign-in-methods';
import { message } from '../../messages/catalogue';
import {
  accountSecurity,
  cancelUnlink,
  confirmUnlink,
  continueLinkInBrowser,
  linkMethod,
  prepareLinkPopups,
  remainingMethods,
  requestUnlink,
} from '../../state/account-security';
import { providerName } from '../../state/sign-in-method-names';
import { AppleIcon, GoogleIcon } from '../auth/ProviderIcons';
import { SystemBrowserOffer } from '../components/SystemBrowserOffer';
import { Dialog } from '../components/Dialog';
import { useLanguage } from '../../state/language';

const ICONS: Record<LinkableProvider, () => ReactElement> = { 'google.com': GoogleIcon, 'apple.com': AppleIcon };

export function LinkedMethods({ providerIds }: { providerIds: readonly string[] }) {
  useLanguage();
  const snap = useSnapshot(accountSecurity);
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const busy = snap.link.status === 'pending';
  const linking = busy ? snap.link.provider : null;
  const confirming = snap.unlink.confirming;
  const unlinking = snap.unlink.status === 'pending';
  // My Account is a protected page, which never loads the popup machinery on its own: a Link button loads it when a
  // pointer or the focus reaches it (popup-warmth.ts), and a click before it is ready still opens in the click.
  const warmNow = () => prepareLinkPopups();

  return (
    <section className="security-part" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {message('linkedMethodsHeading')}
      </h3>
      <ul className="linked-methods" aria-busy={busy}>
        {LINKABLE_PROVIDERS.map((provider) => {
          const name = providerName(provider);
          const linked = providerIds.includes(provider);
          const Icon = ICONS[provider];
          return (
            <li key={provider} className="linked-method">
              <span className="linked-method-name">
                <Icon />
                {name}
              </span>
              <span className={linked ? 'method-badge method-badge-on' : 'method-badge'}>
                {linked ? message('methodLinked') : message('methodNotLinked')}
              </span>
              <span className="linked-method-action">
                {!linked ? (
                  // aria-disabled rather than disabled: focus stays on the pressed button while the popup is open.
                  <button
                    type="button"
                    className="button secondary"
                    aria-disabled={busy}
                    onPointerDown={warmNow}
                    onFocus={warmNow}
                    onClick={() => void (busy ? undefined : linkMethod(provider))}
                  >
                    {linking === provider && <span className="spinner small" aria-hidden="true" />}
                    {message('linkProvider', { provider: name })}
                  </button>
                ) : canUnlink(providerIds, provider) ? (
                  <button type="button" className="button secondary" onClick={() => requestUnlink(provider)}>
                    {message('unlinkProvider', { provider: name })}
                  </button>
                ) : (
                  <span className="muted">{message('onlyMethod')}</span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="visually-hidden" role="status">
        {linking ? message('linkingProvider', { provider: providerName(linking) }) : ''}
      </p>
      {snap.link.error && (
        <p className="alert alert-error" role="alert">
          {snap.link.error}
        </p>
      )}
      {snap.link.offerBrowser && <LinkInBrowser />}
      {confirming && (
        <Dialog
          role="alertdialog"
          title={message('unlinkConfirmTitle', { provider: providerName(confirming) })}
          description={message('unlinkConfirmText', {
            provider: providerName(confirming),
            others: remainingMethods(confirming, providerIds),
          })}
          onClose={cancelUnlink}
          dismissible={!unlinking}
          initialFocusRef={cancelRef}
          returnFocusRef={headingRef}
        >
          {snap.unlink.error && (
            <p className="alert alert-error" role="alert">
              {snap.unlink.error}
            </p>
          )}
          <div className="dialog-actions">
            <button
              ref={cancelRef}
              type="button"
              className="button secondary"
              onClick={cancelUnlink}
              disabled={unlinking}
            >
              {message('cancel')}
            </button>
            <button
              type="button"
              className="button danger"
              onClick={() => void confirmUnlink()}
              disabled={unlinking}
              aria-busy={unlinking || undefined}
            >
              {unlinking ? message('unlinking') : message('unlinkConfirmButton')}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

/** As on the sign-in screen: popups may not work in this window, so offer the system browser with this same page. */
function LinkInBrowser() {
  const outcome = useSnapshot(accountSecurity).link.browserOutcome;
  return (
    <SystemBrowserOffer
      hint="linkInBrowserHint"
      requested="linkInBrowserRequested"
      manual="linkInBrowserManual"
      outcome={outcome}
      onContinue={continueLinkInBrowser}
      className="security-browser"
      urlClassName="security-url"
    />
  );
}
