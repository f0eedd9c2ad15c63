// What the bridge tests share: the portal's allow-list, a token as the desktop app's sign-in carries one, and URLs that
// must never get it (another host, a lookalike of loopback, credentials, a fragment, another scheme, no URL at all).
import { allowsDesktopOrigin, type DesktopPolicy } from '../../../src/domain/desktop-target';

/** The portal's own allow-list (src/domain/desktop-target.ts) as configureBridge gets it, and the policy it is made of. */
export const BASE: DesktopPolicy = { ports: [5662], extraOrigins: [], privateNetwork: false };
export const POLICY = allowsDesktopOrigin(BASE);

export const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJlbWFpbCI6ImFAZXhhbXBsZS5jb20ifQ.c2ln';

export const HOSTILE = [
  'https://evil.example/login?token',
  '//evil.example/login?token',
  'http://127.0.0.1@evil.example:5662/login?token',
  'http://127.0.0.1.evil.example:5662/login?token',
  'http://evil.example\\@127.0.0.1:5662/login?token',
  'http://127.0.0.1:5662\\@evil.example/login?token',
  'http://127.0.0.1\t:5662/login?token',
  'http://127.0.0.1:5662/login?token with space',
  'javascript:alert(1)//127.0.0.1:5662',
  'data:text/html,<script>alert(1)</script>',
  'http://127.0.0.1/login?token',
  'https://127.0.0.1:5662/login?token',
  'http://user:pass@127.0.0.1:5662/login?token',
  'http://127.0.0.1:5662/login?token#frag',
  'http://%31%32%37.0.0.1.evil.example:5662/login',
  'ftp://127.0.0.1:5662/login',
  'not a url',
  '',
];
