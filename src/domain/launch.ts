// What a launch of the portal asks for, read once from its address (SPEC 2 sign-in screen, SPEC 4): the one place that
// reads `redirect` and its companions. The /auth guard and the hand-off both use it.
import { allowedDesktopTarget, type DesktopPolicy } from './desktop-target';
import { inAppPath, readRedirectTarget } from './redirect-target';

/** The launch hint of a host that injects its object late (Vuplex): `?host=vuplex`. */
const HOST_HINT = { param: 'host', vuplex: 'vuplex' } as const;

/** Where `redirect` points: nowhere, a page of the portal, an allowed desktop target, or something refused. */
type LaunchTarget =
  | { kind: 'none' }
  | { kind: 'inApp'; path: string }
  | { kind: 'desktop'; target: string; raw: string }
  | { kind: 'refused'; raw: string };

export interface Launch {
  target: LaunchTarget;
  /** `unityToken=true`: the Unity access token instead of the identity token. */
  unityToken: boolean;
  /** The desktop's opaque `state`, echoed back on the login call (RFC 8252 §8.9). */
  state: string | null;
  /** `dev=true` on the sign-in screen: the hand-off goes through /return-to-app (development builds only: src/state/handoff/flow.ts). */
  dev: boolean;
  /** `?link=`: the desktop guest player's Unity token, for /auth/unity-link once the user says Link. */
  link: string | null;
  /** `?host=vuplex`: a late host is on its way, so the hand-off waits for it. */
  hostHint: boolean;
  /** Opened at the sign-in screen (/auth, /sign-in, /create-account): a host expects the token after sign-in. */
  atSignIn: boolean;
}

const isTrue = (value: string | null) => value === 'true' || value === '1';

/** A launch that asks for nothing: what an address that cannot be read gives. */
function emptyLaunch(): Launch {
  return {
    target: { kind: 'none' },
    unityToken: false,
    state: null,
    dev: false,
    link: null,
    hostHint: false,
    atSignIn: false,
  };
}

/** Reads `href` (an absolute URL). Nothing here is trusted: a desktop target must pass `policy`. */
export function parseLaunch(href: string, policy: DesktopPolicy): Launch {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return emptyLaunch();
  }
  const params = url.searchParams;
  return {
    target: launchTarget(href, policy),
    unityToken: isTrue(params.get('unityToken')),
    state: params.get('state') || null,
    dev: isTrue(params.get('dev')) && url.pathname.startsWith('/auth'),
    link: params.get('link') || null,
    hostHint: params.get(HOST_HINT.param) === HOST_HINT.vuplex,
    atSignIn: /^\/(auth|sign-in|create-account)(\/|$)/.test(url.pathname),
  };
}

function launchTarget(href: string, policy: DesktopPolicy): LaunchTarget {
  const raw = readRedirectTarget(href);
  if (!raw) return { kind: 'none' };
  const path = inAppPath(raw);
  if (path) return { kind: 'inApp', path };
  const target = allowedDesktopTarget(raw, policy);
  return target ? { kind: 'desktop', target, raw } : { kind: 'refused', raw };
}
