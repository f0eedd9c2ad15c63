// src/domain/handoff.ts: the hand-off's state and its transitions, with no store, no bridge and no page.
import { describe, expect, it } from 'vitest';
import {
  afterWait,
  applyChange,
  askingLink,
  delivered,
  handoffDue,
  hostWantsToken,
  initialHandoff,
  launched,
  leavingFor,
  linkAnswered,
  notListening,
  probesEarly,
  redirecting,
  redirectsAtOnce,
  resumed,
  signedInHere,
  signedOut,
  skipped,
  stayed,
  tokenKind,
  type HandoffChange,
  type HandoffState,
} from '../../../src/domain/handoff';
import type { Launch } from '../../../src/domain/launch';

const DESKTOP = 'http://127.0.0.1:5662';

/** A parsed launch that asks for nothing, with `overrides`. */
const parsed = (overrides: Partial<Launch> = {}): Launch => ({
  target: { kind: 'none' },
  unityToken: false,
  state: null,
  dev: false,
  link: null,
  hostHint: false,
  atSignIn: false,
  ...overrides,
});

/** The state after `changes`, one after another, from a fresh page. */
function after(...changes: Array<HandoffChange | ((state: HandoffState) => HandoffChange)>): HandoffState {
  return changes.reduce<HandoffState>(
    (state, next) => applyChange(state, typeof next === 'function' ? next(state) : next),
    initialHandoff(),
  );
}

const desktopLaunch = launched(parsed({ target: { kind: 'desktop', target: DESKTOP, raw: DESKTOP }, state: 's1' }), {
  devAllowed: false,
  takeTarget: true,
});

describe('a launch', () => {
  it('takes an allowed desktop target, the token kind and the state, and clears an earlier refusal', () => {
    const state = after(
      launched(parsed({ target: { kind: 'refused', raw: 'https://evil.example' } }), {
        devAllowed: false,
        takeTarget: true,
      }),
      launched(parsed({ target: { kind: 'desktop', target: DESKTOP, raw: DESKTOP }, unityToken: true, state: 's' }), {
        devAllowed: false,
        takeTarget: true,
      }),
    );
    expect(state.launch).toMatchObject({ target: DESKTOP, unityToken: true, state: 's' });
    expect(state.refusedTarget).toBeNull();
    expect(tokenKind(state)).toBe('unity');
  });

  it('keeps a refused target for the user to see, and never as a target', () => {
    const state = after(
      launched(parsed({ target: { kind: 'refused', raw: 'https://evil.example' } }), {
        devAllowed: false,
        takeTarget: true,
      }),
    );
    expect(state.refusedTarget).toBe('https://evil.example');
    expect(state.launch.target).toBeNull();
  });

  it('takes no target from an address that already handed off (Back, reload)', () => {
    const state = after(
      launched(parsed({ target: { kind: 'desktop', target: DESKTOP, raw: DESKTOP } }), {
        devAllowed: false,
        takeTarget: false,
      }),
    );
    expect(state.launch.target).toBeNull();
  });

  it('has dev mode only where the build allows it', () => {
    expect(after(launched(parsed({ dev: true }), { devAllowed: false, takeTarget: true })).launch.devMode).toBe(false);
    expect(after(launched(parsed({ dev: true }), { devAllowed: true, takeTarget: true })).launch.devMode).toBe(true);
  });

  it('resumes the stored target with its kind and state', () => {
    const state = after(resumed({ target: DESKTOP, unityToken: true, state: 'kept' }));
    expect(state.launch).toMatchObject({ target: DESKTOP, unityToken: true, state: 'kept' });
  });
});

describe('whether a hand-off is due', () => {
  it('is due for a desktop target, and for a host only after a sign-in here or a launch at the sign-in screen', () => {
    expect(handoffDue(after(desktopLaunch), 'u1', false)).toBe(true);
    expect(handoffDue(initialHandoff(), 'u1', true)).toBe(false);
    expect(handoffDue(after(signedInHere()), 'u1', true)).toBe(true);
    expect(handoffDue(after(signedInHere()), 'u1', false)).toBe(false);
    const atSignIn = launched(parsed({ atSignIn: true }), { devAllowed: false, takeTarget: true });
    expect(handoffDue(after(atSignIn), 'u1', true)).toBe(true);
    expect(handoffDue(after(atSignIn), undefined, true)).toBe(false);
  });

  it('gives a host one token per sign-in', () => {
    const state = after(signedInHere(), delivered('u1', false));
    expect(hostWantsToken(state, 'u1', true)).toBe(false);
    expect(hostWantsToken(state, 'u2', true)).toBe(true);
  });

  it('stays due while the browser leaves for the desktop, though the target is gone', () => {
    const state = after(desktopLaunch, redirecting(), leavingFor('u1'));
    expect(state.launch.target).toBeNull();
    expect(handoffDue(state, 'u1', false)).toBe(true);
    expect(handoffDue(after(desktopLaunch, redirecting(), leavingFor('u1'), stayed()), 'u1', false)).toBe(false);
  });

  it('shows the blocking message as the browser leaves, whether or not the page waited for the desktop first', () => {
    expect(after(desktopLaunch, signedInHere(), leavingFor('u1')).phase).toBe('redirecting');
    expect(after(desktopLaunch, redirecting(), leavingFor('u1')).phase).toBe('redirecting');
  });

  it('asks the desktop early only in a plain browser launch with a target', () => {
    expect(probesEarly(after(desktopLaunch), false)).toBe(true);
    expect(probesEarly(after(desktopLaunch), true)).toBe(false);
    expect(probesEarly(initialHandoff(), false)).toBe(false);
    const hinted = launched(parsed({ target: { kind: 'desktop', target: DESKTOP, raw: DESKTOP }, hostHint: true }), {
      devAllowed: false,
      takeTarget: true,
    });
    expect(probesEarly(after(hinted), false)).toBe(false);
  });

  it('redirects at once only for a restored session with a target and nothing to ask or wait for', () => {
    expect(redirectsAtOnce(after(desktopLaunch), false, false)).toBe(true);
    // A sign-in here keeps its own overlay; a new account sees the welcome survey first; a host gets a message.
    expect(redirectsAtOnce(after(desktopLaunch, signedInHere()), false, false)).toBe(false);
    expect(redirectsAtOnce(after(desktopLaunch), false, true)).toBe(false);
    expect(redirectsAtOnce(after(desktopLaunch), true, false)).toBe(false);
    expect(redirectsAtOnce(initialHandoff(), false, false)).toBe(false);
    const withTarget = { target: { kind: 'desktop', target: DESKTOP, raw: DESKTOP } } as const;
    const options = { devAllowed: false, takeTarget: true };
    // "Link the progress...?" is asked first; a late host is waited for.
    expect(redirectsAtOnce(after(launched(parsed({ ...withTarget, link: 'guest' }), options)), false, false)).toBe(
      false,
    );
    expect(redirectsAtOnce(after(launched(parsed({ ...withTarget, hostHint: true }), options)), false, false)).toBe(
      false,
    );
  });
});

describe('transitions', () => {
  it('delivers to the target once: the target is used, the phase idle', () => {
    const state = after(desktopLaunch, redirecting(), delivered('u1', true));
    expect(state).toMatchObject({ phase: 'idle', deliveredFor: 'u1' });
    expect(state.launch.target).toBeNull();
    // A host's message keeps a target that was not its own.
    expect(after(desktopLaunch, delivered('u1', false)).launch.target).toBe(DESKTOP);
  });

  it('forgets the link token after any answer', () => {
    const withLink = launched(parsed({ link: 'guest' }), { devAllowed: false, takeTarget: true });
    expect(after(withLink, askingLink()).phase).toBe('askingLink');
    const state = after(withLink, askingLink(), linkAnswered());
    expect(state.phase).toBe('idle');
    expect(state.launch.linkToken).toBeNull();
  });

  it('offers the app that is not running again, and a skip forgets the target', () => {
    const waiting = after(desktopLaunch, redirecting(), notListening(DESKTOP));
    expect(waiting).toMatchObject({ phase: 'notListening', notListeningTarget: DESKTOP });
    const given = applyChange(waiting, skipped());
    expect(given).toMatchObject({ phase: 'idle', notListeningTarget: null });
    expect(given.launch.target).toBeNull();
  });

  it('lets a wait go on only for the same user, target and sign-out count', () => {
    const state = after(desktopLaunch);
    const begun = { uid: 'u1', target: DESKTOP, signOuts: state.signOuts };
    expect(afterWait(state, begun, 'u1')).toBe('go');
    expect(afterWait(state, begun, 'u2')).toBe('signedOut');
    expect(afterWait(applyChange(state, signedOut(state)), begun, 'u1')).toBe('signedOut');
    expect(afterWait(applyChange(state, skipped()), begun, 'u1')).toBe('targetGone');
  });
});

describe('a sign-out', () => {
  it("forgets the user's hand-off and the launch's target and link, and keeps how the page was opened", () => {
    const opened = launched(
      parsed({
        target: { kind: 'desktop', target: DESKTOP, raw: DESKTOP },
        unityToken: true,
        link: 'guest',
        hostHint: true,
        atSignIn: true,
      }),
      { devAllowed: true, takeTarget: true },
    );
    const before = after(opened, signedInHere(), redirecting(), leavingFor('u1'), notListening(DESKTOP));
    const state = applyChange(before, signedOut(before));
    expect(state).toMatchObject({
      phase: 'idle',
      signedInHere: false,
      deliveredFor: null,
      notListeningTarget: null,
      leaving: false,
      signOuts: before.signOuts + 1,
    });
    expect(state.launch).toMatchObject({
      target: null,
      linkToken: null,
      unityToken: true,
      hostHint: true,
      atSignIn: true,
    });
    expect(handoffDue(state, 'u2', true)).toBe(true); // a host that opened /auth still wants the next user's token
    expect(handoffDue(state, 'u2', false)).toBe(false);
  });
});
