// The username's rules (SPEC 5): its limits, the default one of a first-time setup, and its editable part before '#'.
// The hand-off and the cloud save read them, so they sit apart from My Account's profile rules (profile.ts).

/** Longest username, in characters (code points) after trimming; the reference backend refuses longer ones. */
export const USERNAME_MAX_LENGTH = 32;

// C0 and C1 controls (NUL included), DEL, line and paragraph separators, and the Bidi_Control characters
// (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) that make text read other than it is stored.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const CONTROLS = new RegExp(CONTROL.source, 'gu');

export type UsernameProblem = 'hash' | 'controlCharacter' | 'tooLong';

/**
 * Why a new username (the part before '#') cannot be saved, or null when it can. The same limits hold in the
 * reference backend (harness/backend/routes.ts). An empty name is not a problem here: saving it does nothing (SPEC 5).
 */
export function usernameProblem(name: string): UsernameProblem | null {
  const trimmed = name.trim();
  if (trimmed.includes('#')) return 'hash';
  if (CONTROL.test(trimmed)) return 'controlCharacter';
  if (Array.from(trimmed).length > USERNAME_MAX_LENGTH) return 'tooLong';
  return null;
}

/** A name within the username limits: control characters dropped, cut to USERNAME_MAX_LENGTH characters. */
function withinLimits(name: string | null | undefined): string {
  return Array.from((name ?? '').replace(CONTROLS, '').trim())
    .slice(0, USERNAME_MAX_LENGTH)
    .join('')
    .trim();
}

/**
 * SPEC 5: display name, else the part of the e-mail before @, else "Player" plus a number below 10000; kept within
 * the username limits so first-time setup never fails on a long or odd display name.
 */
export function defaultUsername(
  displayName: string | null | undefined,
  email: string | null | undefined,
  random: () => number = Math.random,
): string {
  const name = withinLimits(displayName);
  if (name) return name;
  const local = withinLimits(email?.split('@')[0]);
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
