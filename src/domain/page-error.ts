// What the error screen may tell a host webview about the error (bridge v3 `pageError`): a short text, never a stack,
// a token or the user's data.
import { PAGE_ERROR_TEXT_CHARS } from './constants';

// Secrets and personal data that an error message can carry: ID and Unity tokens (JWTs, long opaque strings),
// e-mail addresses, and the query or fragment of a URL (a hand-off URL carries the token there).
const REDACTIONS: ReadonlyArray<[RegExp, string]> = [
  [/\b(https?:\/\/[^\s?#]*)[?#]\S*/gi, '$1'],
  [/[^\s@"'<>()]+@[^\s@"'<>()]+\.[a-z]{2,}/gi, '[email]'],
  [/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{8,}/g, '[token]'],
  [/[A-Za-z0-9_\-+/=]{32,}/g, '[token]'],
];

/** `Name: message` of `error` with secrets and personal data removed, one line, at most PAGE_ERROR_TEXT_CHARS long. */
export function pageErrorText(error: unknown): string {
  const name = error instanceof Error && error.name ? error.name : 'Error';
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  let text = raw.replace(/\s+/g, ' ').trim();
  for (const [pattern, replacement] of REDACTIONS) text = text.replace(pattern, replacement);
  const line = text ? `${name}: ${text}` : name;
  return line.length > PAGE_ERROR_TEXT_CHARS ? `${line.slice(0, PAGE_ERROR_TEXT_CHARS - 1)}…` : line;
}

/** The route's pattern (`/designs`, `/auth/$`) as the host sees it: never the address, whose query may hold a token. */
export function pageErrorRoute(fullPath: string | undefined): string {
  const path = (fullPath ?? '').split(/[?#]/)[0] ?? '';
  if (path === '') return '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
