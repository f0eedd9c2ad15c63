import { describe, expect, it } from 'vitest';
import type { DesktopPolicy } from '../../../src/domain/desktop-target';
import { parseLaunch } from '../../../src/domain/launch';

const POLICY: DesktopPolicy = { ports: [5662], extraOrigins: [], privateNetwork: false };
const at = (path: string) => parseLaunch(`http://portal.test${path}`, POLICY);

describe('parseLaunch', () => {
  it('reads a desktop target from each form SPEC 2 names, with what comes with it', () => {
    const target = { kind: 'desktop', target: 'http://127.0.0.1:5662', raw: 'http://127.0.0.1:5662' };
    expect(at('/auth?redirect=http%3A%2F%2F127.0.0.1%3A5662&unityToken=true&state=s%201').target).toEqual(target);
    expect(at('/auth#redirect=http%3A%2F%2F127.0.0.1%3A5662').target).toEqual(target);
    expect(at('/auth/redirect/http%3A%2F%2F127.0.0.1%3A5662').target).toEqual(target);
    expect(at('/auth#http://127.0.0.1:5662').target).toEqual(target);
    expect(at('/auth?redirect=http%3A%2F%2F127.0.0.1%3A5662&unityToken=true&state=s%201')).toMatchObject({
      unityToken: true,
      state: 's 1',
      atSignIn: true,
    });
  });

  it('tells an in-app path from a desktop target, and refuses what the policy does not allow', () => {
    expect(at('/auth?redirect=%2Fcredits').target).toEqual({ kind: 'inApp', path: '/credits' });
    expect(at('/auth?redirect=http%3A%2F%2F127.0.0.1%3A31337').target).toEqual({
      kind: 'refused',
      raw: 'http://127.0.0.1:31337',
    });
    expect(at('/auth?redirect=%2F%2Fevil.example').target).toEqual({ kind: 'refused', raw: '//evil.example' });
    expect(at('/auth').target).toEqual({ kind: 'none' });
  });

  it('reads dev mode on the sign-in screen only, the link token, the host hint and where the launch opened', () => {
    expect(at('/auth?dev=true').dev).toBe(true);
    expect(at('/credits?dev=true').dev).toBe(false);
    expect(at('/auth?link=abc').link).toBe('abc');
    expect(at('/auth?host=vuplex').hostHint).toBe(true);
    expect(at('/auth?host=webview2').hostHint).toBe(false);
    expect(at('/create-account').atSignIn).toBe(true);
    expect(at('/sign-in?x=1').atSignIn).toBe(true);
    expect(at('/authx').atSignIn).toBe(false);
    expect(at('/credits').atSignIn).toBe(false);
    expect(at('/auth?unityToken=false').unityToken).toBe(false);
  });

  it('finds nothing in an address it cannot read', () => {
    expect(parseLaunch('not a url', POLICY)).toMatchObject({
      target: { kind: 'none' },
      unityToken: false,
      atSignIn: false,
    });
  });
});
