// My Account's own calls (issue 51): GET /account/sessions, POST /account/sign-out-everywhere, GET /account/export.
// Their decoders live here rather than in decoders.ts, so that only My Account's chunk carries them.
import { isoDate, isRecord, optString, type JsonRecord } from '../domain/json';
import type { ClientKind, SessionRow } from '../domain/user-agent';
import { call, type ApiContext } from './client';
import { DecodeError } from './decoders';

/** Where the account is signed in, one row per session the backend has seen. */
export type SignedInSession = SessionRow;

const KINDS: readonly ClientKind[] = ['browser', 'desktop', 'mobile', 'webview'];

function decodeSession(v: unknown, index: number): SignedInSession {
  if (!isRecord(v)) throw new DecodeError('sessions', `entry ${index} is not an object`);
  const id = optString(v.id);
  const kind = KINDS.find((k) => k === v.kind);
  const signedInAt = isoDate(v.signedInAt);
  const lastActiveAt = isoDate(v.lastActiveAt);
  if (!id || !kind || !signedInAt || !lastActiveAt)
    throw new DecodeError('sessions', `entry ${index} lacks its id, kind or times`);
  return {
    id,
    kind,
    userAgent: typeof v.userAgent === 'string' ? v.userAgent : '',
    signedInAt,
    lastActiveAt,
    current: v.current === true,
  };
}

function decodeSessions(json: unknown): SignedInSession[] {
  if (!isRecord(json) || !Array.isArray(json.sessions)) throw new DecodeError('sessions', 'expected {sessions: [...]}');
  return json.sessions.map(decodeSession);
}

/** The export as the backend made it: kept whole (it is the user's file), with the time it was made. */
export interface AccountExport {
  file: JsonRecord;
  generatedAt: string;
}

function decodeExport(json: unknown): AccountExport {
  if (!isRecord(json) || json.format !== 'account-export' || typeof json.version !== 'number')
    throw new DecodeError('export', 'not an account export');
  const generatedAt = isoDate(json.generatedAt);
  if (!generatedAt) throw new DecodeError('export', 'generatedAt is missing');
  return { file: json, generatedAt };
}

/**
 * The sessions; `webview` says that this page runs inside an app's webview (the bridge found a host), which its user
 * agent may not show: the backend lists this session as such.
 */
export async function fetchSessions(ctx: ApiContext, webview = false): Promise<SignedInSession[]> {
  return decodeSessions(
    await call(ctx, {
      method: 'GET',
      path: '/account/sessions',
      unity: true,
      bust: true,
      ...(webview ? { headers: { 'X-Client-Kind': 'webview' } } : {}),
    }),
  );
}

export async function signOutEverywhere(ctx: ApiContext): Promise<void> {
  await call(ctx, { method: 'POST', path: '/account/sign-out-everywhere', body: {}, unity: true });
}

export async function fetchExport(ctx: ApiContext): Promise<AccountExport> {
  return decodeExport(await call(ctx, { method: 'GET', path: '/account/export', unity: true, bust: true }));
}
