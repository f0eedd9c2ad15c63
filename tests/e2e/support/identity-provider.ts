// Offline popups for Google and Apple sign-in against the Auth emulator: serves the gapi stand-in for
// https://apis.google.com/js/api.js and empty answers for the emulator widget's CDN assets, then drives the widget.
import { gapiStandIn } from '../../../harness/gapi-stand-in';
import { expect, type BrowserContext, type Page, type Route } from '@playwright/test';
import type { GoogleServers, ThirdPartyLog } from '../../support/google-stand-in';

/**
 * For a browser of a test's own (phone-popups.spec.ts launches one with the popup blocker on), whose hosts do not
 * resolve to the worker's stand-in (tests/support/google-stand-in.ts): routes Google's loader to the gapi stand-in
 * (answering as `servers` says) and the widget's stylesheets, fonts and scripts to empty answers. Returns the log of
 * requests to apis.google.com.
 */
export async function serveIdentityProviderOffline(
  context: BrowserContext,
  servers: GoogleServers = 'fast',
): Promise<ThirdPartyLog> {
  const log: ThirdPartyLog = [];
  await context.route(/^https:\/\/apis\.google\.com\//, async (route) => {
    log.push(route.request().url());
    if (servers === 'hanging') return; // never answered: the request stays pending until the page goes
    const loader = new URL(route.request().url()).pathname === '/js/api.js';
    await route
      .fulfill(
        loader
          ? { status: 200, contentType: 'text/javascript', body: gapiStandIn() }
          : { status: 404, contentType: 'text/plain', body: 'not served offline' },
      )
      .catch(() => undefined); // the page went meanwhile
  });
  // The emulator's widget styles itself from unpkg and Google Fonts; offline they are left empty on purpose.
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: route.request().resourceType() === 'script' ? 'text/javascript' : 'text/css',
      body: '',
    }),
  );
  return log;
}

/** In the emulator's IdP popup: "Add new account", "Auto-generate user information", "Sign in with {Provider}". */
export async function signInWithNewIdpAccount(
  popup: Page,
  provider: 'Google.com' | 'Apple.com',
): Promise<{ email: string; name: string }> {
  await popup.waitForLoadState('domcontentloaded');
  await popup.getByRole('button', { name: 'Add new account' }).click();
  await popup.getByRole('button', { name: 'Auto-generate user information' }).click();
  // The widget wraps each input in a <label> whose text names it.
  const email = await popup.getByLabel('Email', { exact: true }).inputValue();
  const name = await popup.getByLabel('Display name', { exact: true }).inputValue();
  expect(email).toContain('@');
  await popup.getByRole('button', { name: `Sign in with ${provider}` }).click();
  return { email, name };
}

/** Answers an Identity Toolkit call of the emulator with a Firebase error, as the real service would. */
export function firebaseError(message: string, status = 400) {
  return (route: Route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify({
        error: { code: status, message, errors: [{ message, domain: 'global', reason: 'invalid' }] },
      }),
    });
}
