// Pure rules about the signed-in person: expiry text, sign-in method, initials, default username.

const DAY = 86_400_000;

function startOfDay(t: number): number {
  const d = new Date(t);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** "Expires today", "Expires tomorrow" or "Expires in N days", counted in calendar days, never below 0. */
export function expiryText(now: number, expiresAt: string | number): string {
  const end = typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt);
  if (Number.isNaN(end)) return 'Expires today';
  const days = Math.max(0, Math.round((startOfDay(end) - startOfDay(now)) / DAY));
  if (days === 0) return 'Expires today';
  if (days === 1) return 'Expires tomorrow';
  return `Expires in ${days} days`;
}

const METHODS: Record<string, string> = { 'google.com': 'Google', 'apple.com': 'Apple', password: 'Email' };

export function signInMethod(providerIds: readonly string[]): string {
  for (const id of providerIds) {
    const name = METHODS[id];
    if (name) return name;
  }
  return providerIds[0] ?? 'Unknown';
}

/** Up to two initials from the name, else from the e-mail; "?" when there is nothing to go on. */
export function initials(name: string | null | undefined, email: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (firstChar(words[0]!) + firstChar(words[words.length - 1]!)).toUpperCase();
  if (words.length === 1) return firstChar(words[0]!).toUpperCase();
  const local = (email ?? '').split('@')[0] ?? '';
  return local ? firstChar(local).toUpperCase() : '?';
}

function firstChar(s: string): string {
  return Array.from(s)[0] ?? '';
}

/** SPEC 5: display name, else the part of the e-mail before @, else "Player" plus a number below 10000. */
export function defaultUsername(displayName: string | null | undefined, email: string | null | undefined, random: () => number = Math.random): string {
  const name = displayName?.trim();
  if (name) return name;
  const local = email?.split('@')[0]?.trim();
  if (local) return local;
  return `Player${Math.floor(random() * 10000)}`;
}

/** The displayed, editable username: the part before '#'. */
export function displayUsername(username: string): string {
  const at = username.indexOf('#');
  return at >= 0 ? username.slice(0, at) : username;
}

/** The suffix after '#', including it, kept when the name changes (empty when there is none). */
export function usernameSuffix(username: string): string {
  const at = username.indexOf('#');
  return at >= 0 ? username.slice(at) : '';
}

export const NEW_ACCOUNT_WINDOW_MS = 30_000;

/** SPEC 4: an account under 30 seconds old is a new user. */
export function isNewAccount(creationTime: string | null | undefined, now: number): boolean {
  const created = creationTime ? Date.parse(creationTime) : NaN;
  return !Number.isNaN(created) && now - created < NEW_ACCOUNT_WINDOW_MS;
}
