// Firebase's app and Auth, with the persistence a webview allows, and the sign-in's operations. My Account's own
// operations are in security.ts and reauth.ts, so that /auth does not carry them.
import { initializeApp, SDK_VERSION, type FirebaseApp } from 'firebase/app';
import {
  initializeAuth,
  browserLocalPersistence,
  inMemoryPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  OAuthProvider,
  signInWithPopup,
  signOut,
  onAuthStateChanged,
  type Auth,
  type Persistence,
  type PopupRedirectResolver,
  type User,
} from 'firebase/auth';
import { config } from '../config/config';
import { EarlierIndexedDbSession } from './earlier-session';
import { authErrorCode } from './errors';
import { popupWarmth } from './popup-warmth';

/** The signed-in person as the portal uses it: plain data, no firebase types. */
export interface PortalUser {
  uid: string;
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
  providerIds: string[];
  creationTime: string | null;
}

export type AuthProviderId = 'google.com' | 'apple.com' | 'password';

// Outside a store: Firebase's own objects, made once on first use; nothing renders them.
let app: FirebaseApp | undefined;
let auth: Auth | undefined;
/** The page's language, for Firebase's e-mails (reset, verification) and its provider popups. */
let languageCode = 'en';

/** Auth speaks `tag` from now on (src/state/startup.ts follows the page's language). */
export function setAuthLanguage(tag: string): void {
  languageCode = tag;
  if (auth) auth.languageCode = tag;
}

/** Firebase's Auth, made on first use (for this folder's other modules too). */
export function getAuthInstance(): Auth {
  if (auth) return auth;
  app = initializeApp(config.firebase);
  // localStorage, then memory (storage blocked). Never Firebase's IndexedDB persistence: Firebase writes to every listed
  // persistence before it starts, and in WebKit that write can wait for ever (docs/reliability.md "Start-up, clocks and
  // tabs"). A session an earlier release kept in IndexedDB is read once, without writing, and moved to localStorage.
  // No popupRedirectResolver here: given one, Auth on a phone or in Safari waits for apis.google.com before it reads
  // the stored user. Each popup names PopupResolver instead, and popup-warmth.ts loads it where a popup is offered.
  auth = initializeAuth(app, {
    persistence: [browserLocalPersistence, EarlierIndexedDbSession as unknown as Persistence, inMemoryPersistence],
  });
  // USE_AUTH_EMULATOR is config.useEmulator as a build-time constant: production bundles carry no emulator code.
  if (USE_AUTH_EMULATOR) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  auth.languageCode = languageCode;
  // The moment the session is known, for the bench's count of third-party requests made before it.
  void auth.authStateReady().then(() => performance.mark?.('portal:session-known'));
  return auth;
}

/** The part of Firebase's resolver that loads its machinery: what Auth itself calls to initialize it early. */
interface ResolverInternal {
  _initialize(auth: Auth): Promise<unknown>;
}
const BrowserResolver = browserPopupRedirectResolver as unknown as new () => ResolverInternal;

/**
 * Firebase's browser resolver, as the one instance that both the popups and the warming use: Firebase keeps one
 * instance per resolver class, made with `new`, and this class's constructor hands back the first one.
 */
class PopupResolver extends BrowserResolver {
  private static first: PopupResolver | undefined;
  constructor() {
    super();
    // Every `new` gives the first instance: the one the popups use is the one the warming loaded.
    return (PopupResolver.first ??= this);
  }
}
const popupResolver = PopupResolver as unknown as PopupRedirectResolver;

/**
 * The auth domain's helper page (the emulator's in the local stack), blank to the eye: where a popup opened before the
 * machinery was ready waits, on the origin the sign-in then continues on (popup-warmth.ts says why not about:blank).
 */
function popupPlaceholderUrl(): string {
  const params = new URLSearchParams({
    apiKey: config.firebase.apiKey,
    appName: getAuthInstance().app.name,
    v: SDK_VERSION,
  });
  const page = USE_AUTH_EMULATOR
    ? `${config.authEmulatorUrl}/emulator/auth/iframe`
    : `https://${config.firebase.authDomain}/__/auth/iframe`;
  return `${page}?${params}`;
}

const popups = popupWarmth({
  placeholderUrl: popupPlaceholderUrl,
  load: () => new PopupResolver()._initialize(getAuthInstance()),
  sessionKnown: () => getAuthInstance().authStateReady(),
  idleWanted: () => getAuthInstance().currentUser === null,
});

/**
 * Loads the popup machinery in the background where a popup is offered (the sign-in choice, Sign-in & security):
 * `idle` when that screen shows, `now` when a pointer or the focus reaches a popup button. Never before the session
 * is known.
 */
export function warmPopups(when: 'idle' | 'now'): void {
  popups.warm(when);
}

/** The screen that asked for an `idle` warm-up is gone (the user went on to the e-mail form): it does not start. */
export function cancelIdlePopupWarming(): void {
  popups.cancelIdle();
}

/** The portal's plain copy of Firebase's user (for this folder's other modules too). */
export function toPortalUser(user: User): PortalUser {
  return {
    uid: user.uid,
    displayName: user.displayName,
    email: user.email,
    photoURL: user.photoURL,
    providerIds: user.providerData.map((p) => p.providerId),
    creationTime: user.metadata.creationTime ?? null,
  };
}

/** Calls `listener` with the user on every sign-in and sign-out; returns the unsubscribe. */
export function onUserChanged(listener: (user: PortalUser | null) => void): () => void {
  return onAuthStateChanged(getAuthInstance(), (user) => listener(user ? toPortalUser(user) : null));
}

/**
 * Makes Auth compare its user with the one stored in localStorage, as after a change in another tab. A page restored
 * from the back/forward cache got no storage events while it was frozen; Firebase's localStorage persistence reads
 * every key it watches again on a `storage` event without a key (as a `localStorage.clear()` elsewhere sends).
 */
export function rereadStoredUser(): void {
  if (!auth) return;
  try {
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
  } catch {
    // No StorageEvent constructor: the session check that follows still catches a session that ended.
  }
}

async function signInInPopup(providerId: 'google.com' | 'apple.com'): Promise<PortalUser> {
  const provider = popupProvider(providerId);
  return toPortalUser((await inPopup((resolver) => signInWithPopup(getAuthInstance(), provider, resolver))).user);
}

export const signInWithGoogle = () => signInInPopup('google.com');
export const signInWithApple = () => signInInPopup('apple.com');

export async function signOutUser(): Promise<void> {
  await signOut(getAuthInstance());
}

/** The identity token of the current user, or null when signed out. */
export async function idToken(forceRefresh = false): Promise<string | null> {
  const user = getAuthInstance().currentUser;
  return user ? user.getIdToken(forceRefresh) : null;
}

/**
 * What Firebase keeps of the user's current ID token (`stsTokenManager` of the public `toJSON()`): the token, and when
 * it expires by the device's clock (the moment it arrived plus its lifetime), so a device clock hours ahead or behind
 * does not make a fresh token look expired or an old one fresh. Read as unknown: each use checks the type it needs.
 */
function heldToken(user: User): { accessToken?: unknown; expirationTime?: unknown } {
  return (user.toJSON() as { stsTokenManager?: object }).stsTokenManager ?? {};
}

/**
 * When the user's current ID token expires by the device's clock; the token's own `exp` (the service's clock) only when
 * Firebase keeps no time.
 */
function expiresOnDevice(user: User, exp: string): number {
  const { expirationTime } = heldToken(user);
  return typeof expirationTime === 'number' ? expirationTime : Date.parse(exp);
}

/**
 * The ID token Firebase holds for the current user, at once, when it has at least `minValidityMs` left by the device's
 * clock; null when signed out, or when only Firebase's `getIdToken` can say (the token is older, or Firebase keeps no
 * time). It is the token `getIdToken()` would give: Firebase refreshes only in a token's last 30 seconds. A request
 * that has it leaves in the caller's own turn, not after a chain of promises that other work can overtake.
 */
export function heldIdToken(minValidityMs: number, now = Date.now()): string | null {
  const user = auth?.currentUser;
  const { accessToken, expirationTime } = user ? heldToken(user) : {};
  return typeof accessToken === 'string' && typeof expirationTime === 'number' && expirationTime - now >= minValidityMs
    ? accessToken
    : null;
}

/**
 * The identity token of the current user with at least `minValidityMs` left before it expires (refreshed when it has
 * less), or null when signed out. Firebase itself refreshes only in the last 30 seconds. Measured on the device's clock
 * from when the token arrived, so a skewed clock neither refreshes on every call nor hands over a stale token.
 */
export async function idTokenValidFor(minValidityMs: number, now = Date.now()): Promise<string | null> {
  const user = getAuthInstance().currentUser;
  if (!user) return null;
  const result = await user.getIdTokenResult();
  return expiresOnDevice(user, result.expirationTime) - now >= minValidityMs ? result.token : user.getIdToken(true);
}

/**
 * Asks the identity service whether the session still stands (deleted, disabled or revoked users fail).
 * Resolves false only for a definite "no", 'revoked' when its tokens were revoked (sign out everywhere, a new
 * password elsewhere: Firebase's `auth/user-token-expired`); network trouble counts as still valid.
 */
export async function sessionStillValid(): Promise<boolean | 'revoked'> {
  const user = getAuthInstance().currentUser;
  if (!user) return false;
  try {
    await user.reload();
    await user.getIdToken(true);
    return true;
  } catch (error) {
    const code = authErrorCode(error);
    return code === 'auth/user-token-expired' ? 'revoked' : code === 'auth/network-request-failed';
  }
}

/** The signed-in Firebase user, or null (for this folder's other modules too). */
export function currentUser(): User | null {
  return getAuthInstance().currentUser;
}

/** The signed-in Firebase user, or Firebase's own `auth/no-current-user` (for this folder's other modules too). */
export function signedInUser(): User {
  const user = currentUser();
  // The code Firebase itself uses when an operation needs a user.
  if (!user) throw Object.assign(new Error('No user is signed in.'), { code: 'auth/no-current-user' });
  return user;
}

/** Google or Apple as the portal asks them in a popup. */
export function popupProvider(providerId: 'google.com' | 'apple.com'): GoogleAuthProvider | OAuthProvider {
  if (providerId === 'google.com') {
    const provider = new GoogleAuthProvider();
    provider.setCustomParameters({ prompt: 'select_account' });
    return provider;
  }
  const provider = new OAuthProvider('apple.com');
  provider.addScope('email');
  provider.addScope('name');
  return provider;
}

/** Opens a popup the way every popup of the portal opens (warmed machinery, one resolver). */
export function inPopup<T>(open: (resolver: PopupRedirectResolver) => Promise<T>): Promise<T> {
  return popups.run(() => open(popupResolver));
}
