// Starts the real Firebase Auth emulator (firebase-tools) as a child process, offline, and talks to its admin REST API.
// With `hosting`, the same process also runs the Hosting emulator, serving a built portal with its firebase.json rules.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { hostingConfig, type BuildConfig } from '../build.mjs';
import { freePort, waitForHttp } from './ports';

export const PROJECT_ID = 'demo-portal';

export interface AuthEmulator {
  url: string;
  port: number;
  projectId: string;
  /** The Hosting emulator's URL (with a trailing slash) when it was asked for. */
  hostingUrl?: string;
  stop(): Promise<void>;
}

/** The portal the Hosting emulator serves: the built folder and the config it was built with (for its headers). */
export interface HostingOptions {
  port: number;
  root: string;
  config: BuildConfig;
}

function firebaseCli(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('firebase-tools/package.json')), 'lib/bin/firebase.js');
}

export async function startAuthEmulator({
  port,
  projectId = PROJECT_ID,
  log = false,
  hosting,
}: {
  port: number;
  projectId?: string;
  log?: boolean;
  hosting?: HostingOptions;
}): Promise<AuthEmulator> {
  // A demo- project keeps every emulator offline: firebase-tools then never asks Google for the project's config.
  if (!projectId.startsWith('demo-'))
    throw new Error(`the emulators run offline only for a demo- project, not ${projectId}`);
  const dir = await mkdtemp(join(tmpdir(), 'portal-auth-emulator-'));
  // Hub and logging ports are picked free too, so two stacks can run side by side. The UI stays off: it cannot be downloaded offline.
  const [hub, logging] = [await freePort(), await freePort()];
  await writeFile(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        ...(hosting ? { hosting: { host: '127.0.0.1', port: hosting.port } } : {}),
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
      // The emulator joins `public` to this file's folder (an absolute path would be joined too): relative it is.
      ...(hosting ? { hosting: hostingConfig(hosting.config, relative(dir, hosting.root)) } : {}),
    }),
  );
  const only = hosting ? 'auth,hosting' : 'auth';
  const child: ChildProcess = spawn(
    process.execPath,
    [firebaseCli(), 'emulators:start', '--only', only, '--project', projectId, '--config', join(dir, 'firebase.json')],
    {
      cwd: dir,
      detached: true,
      stdio: log ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true', FIREBASE_SKIP_MOTD: 'true' },
    },
  );
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  let exited = false;
  child.on('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  const hostingUrl = hosting ? `http://127.0.0.1:${hosting.port}/` : undefined;
  const stop = async () => {
    if (!exited && child.pid) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 5000);
      await gone;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(url, 180_000, () => !exited);
    if (hostingUrl) await waitForHttp(hostingUrl, 180_000, () => !exited);
  } catch (error) {
    await stop();
    throw new Error(`the Firebase emulators (${only}) did not start: ${(error as Error).message}\n${output}`);
  }
  return { url, port, projectId, ...(hostingUrl ? { hostingUrl } : {}), stop };
}

/** The Firebase API key of every build served with the emulator (build.mjs's default for FIREBASE_API_KEY). */
const FIREBASE_API_KEY = 'demo-api-key';

/** Where Firebase Auth's localStorage persistence keeps the signed-in user of the default app. */
export const FIREBASE_SESSION_KEY = `firebase:authUser:${FIREBASE_API_KEY}:[DEFAULT]`;

/** The signed-in user as Firebase Auth persists it (`UserImpl.toJSON()` of @firebase/auth). */
export interface PersistedUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  isAnonymous: boolean;
  photoURL: string | null;
  phoneNumber: null;
  tenantId: null;
  providerData: Array<{
    providerId: string;
    uid: string;
    displayName: string | null;
    email: string | null;
    phoneNumber: null;
    photoURL: string | null;
  }>;
  stsTokenManager: { refreshToken: string; accessToken: string; expirationTime: number };
  createdAt: string;
  lastLoginAt: string;
  apiKey: string;
  appName: string;
}

/** A made-up Google user, as the claims of the ID token the emulator takes in place of Google's. */
export interface GoogleClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/** The emulator's REST API as an administrator ("Bearer owner"). */
export class EmulatorAdmin {
  constructor(
    readonly url: string,
    readonly projectId = PROJECT_ID,
  ) {}

  private async call(path: string, body: unknown, method = 'POST'): Promise<Record<string, unknown>> {
    const res = await fetch(`${this.url}/identitytoolkit.googleapis.com/v1/${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) throw new Error(`emulator ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  /** Creates an e-mail account and returns its uid and a fresh ID token. */
  async createUser(email: string, password: string, displayName?: string): Promise<{ uid: string; idToken: string }> {
    const created = await this.call(`projects/${this.projectId}/accounts`, { email, password, displayName });
    const signIn = await this.signIn(email, password);
    return { uid: String(created.localId), idToken: signIn.idToken };
  }

  async signIn(email: string, password: string): Promise<{ uid: string; idToken: string }> {
    const res = await fetch(
      `${this.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${FIREBASE_API_KEY}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      },
    );
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(json)}`);
    return { uid: String(json.localId), idToken: String(json.idToken) };
  }

  /**
   * A session of `email` as Firebase Auth keeps it in the browser: the user its localStorage persistence stores under
   * {@link FIREBASE_SESSION_KEY}, made through the emulator's REST API (signInWithPassword, then lookup) with the
   * fields and types `UserImpl._fromJSON` of @firebase/auth reads back. A page that finds it starts signed in, as
   * after an earlier visit: Firebase checks it with the emulator (lookup) and refreshes its token as usual.
   */
  async session(email: string, password: string): Promise<PersistedUser> {
    const res = await fetch(
      `${this.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${FIREBASE_API_KEY}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      },
    );
    const signedIn = (await res.json()) as Record<string, string>;
    if (!res.ok) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(signedIn)}`);
    return this.persisted(signedIn);
  }

  /**
   * As {@link session}, for a new Google-only account (no password): signInWithIdp with the made-up Google user's
   * claims as its ID token, which the emulator accepts in place of Google's.
   */
  async googleSession(claims: GoogleClaims) {
    return this.persisted(await this.signInWithGoogle(claims));
  }

  /**
   * Links the made-up Google user of `claims` to the account whose ID token is `idToken`, as "Link Google" does: the
   * account then signs in with that Google user too.
   */
  async linkGoogle(idToken: string, claims: GoogleClaims): Promise<void> {
    await this.signInWithGoogle(claims, idToken);
  }

  /** signInWithIdp for google.com: a new account (or that Google user's), or a link to `idToken`'s account. */
  private async signInWithGoogle(claims: GoogleClaims, idToken?: string): Promise<Record<string, string>> {
    const res = await fetch(
      `${this.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${FIREBASE_API_KEY}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          requestUri: 'http://localhost',
          returnSecureToken: true,
          postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
          ...(idToken ? { idToken } : {}),
        }),
      },
    );
    const signedIn = (await res.json()) as Record<string, string>;
    if (!res.ok) throw new Error(`Google sign-in of ${claims.email} failed: ${JSON.stringify(signedIn)}`);
    return signedIn;
  }

  /** The user a sign-in answer belongs to, looked up, in the shape Firebase's localStorage persistence keeps. */
  private async persisted(signedIn: Record<string, string>): Promise<PersistedUser> {
    const looked = await this.call(`projects/${this.projectId}/accounts:lookup`, { localId: [signedIn.localId] });
    const user = (looked.users as Array<Record<string, unknown>>)[0]!;
    const optional = (value: unknown) => (typeof value === 'string' ? value : null);
    const providers = (user.providerUserInfo as Array<Record<string, unknown>> | undefined) ?? [];
    return {
      uid: String(user.localId),
      email: optional(user.email),
      emailVerified: user.emailVerified === true,
      displayName: optional(user.displayName),
      isAnonymous: false,
      photoURL: optional(user.photoUrl),
      phoneNumber: null,
      tenantId: null,
      providerData: providers.map((p) => ({
        providerId: String(p.providerId),
        uid: String(p.rawId ?? p.federatedId ?? user.localId),
        displayName: optional(p.displayName),
        email: optional(p.email),
        phoneNumber: null,
        photoURL: optional(p.photoUrl),
      })),
      stsTokenManager: {
        refreshToken: signedIn.refreshToken!,
        accessToken: signedIn.idToken!,
        expirationTime: Date.now() + Number(signedIn.expiresIn ?? 3600) * 1000,
      },
      createdAt: String(user.createdAt),
      lastLoginAt: String(user.lastLoginAt),
      apiKey: FIREBASE_API_KEY,
      appName: '[DEFAULT]',
    };
  }

  async deleteUser(uid: string): Promise<void> {
    await this.call(`projects/${this.projectId}/accounts:delete`, { localId: uid });
  }

  /**
   * Sign out everywhere, as the Admin SDK's revokeRefreshTokens: `accounts:update` with `validSince` (the emulator sets
   * it to its own now, in seconds, whatever value is sent).
   */
  async revokeSessions(uid: string, validSinceSeconds: number): Promise<void> {
    await this.call(`projects/${this.projectId}/accounts:update`, {
      localId: uid,
      validSince: String(validSinceSeconds),
    });
  }

  /** The account as the Admin SDK's getUser reads it (accounts:lookup), or null when there is none. */
  async lookup(uid: string): Promise<Record<string, unknown> | null> {
    const looked = await this.call(`projects/${this.projectId}/accounts:lookup`, { localId: [uid] });
    const users = looked.users;
    return Array.isArray(users) && users[0] && typeof users[0] === 'object'
      ? (users[0] as Record<string, unknown>)
      : null;
  }

  async disableUser(uid: string): Promise<void> {
    await this.call(`projects/${this.projectId}/accounts:update`, { localId: uid, disableUser: true });
  }

  async clear(): Promise<void> {
    const res = await fetch(`${this.url}/emulator/v1/projects/${this.projectId}/accounts`, { method: 'DELETE' });
    if (!res.ok) throw new Error(`clearing emulator accounts: ${res.status}`);
  }

  /** The out-of-band codes (password reset e-mails) the emulator "sent". */
  async oobCodes(): Promise<Array<{ email: string; requestType: string; oobLink: string }>> {
    const res = await fetch(`${this.url}/emulator/v1/projects/${this.projectId}/oobCodes`);
    const json = (await res.json()) as { oobCodes?: Array<{ email: string; requestType: string; oobLink: string }> };
    return json.oobCodes ?? [];
  }
}
