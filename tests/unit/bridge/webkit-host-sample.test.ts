// tests/hosts/webkit-host/host.py is bridge/README.md's Swift WKWebView sample, run for real on WebKitGTK
// (docs/testing.md "Host webviews").
// Like tests/e2e/bridge-readme.spec.ts for the JavaScript twins, this keeps the two from drifting apart: the same
// handler name, registered at the same point, the same message types handled and sent, in the same order.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRIDGE_SETTINGS } from '@home-design/portal-bridge';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
const README = read('../../../bridge/README.md');
const HOST = read('../../hosts/webkit-host/host.py');

/** The Swift block under "### WKWebView" of the host examples. */
function swiftSample(readme: string): string {
  const section = readme.slice(readme.indexOf('\n### WKWebView'));
  const code = /```swift\n([\s\S]*?)\n```/.exec(section)?.[1];
  if (code === undefined) throw new Error('bridge/README.md has no Swift example under "### WKWebView"');
  return code;
}

const SWIFT = swiftSample(README);
/** host.py's PortalBridge class: the sample's part (main() adds the test's commands). */
const BRIDGE = HOST.slice(HOST.indexOf('class PortalBridge'), HOST.indexOf('\ndef main'));

/** Positions of `needles` in `text`, in the order given; -1 for a missing one. */
const positions = (text: string, needles: RegExp[]) => needles.map((re) => text.search(re));
const increasing = (at: number[]) => at.every((p, i) => p >= 0 && (i === 0 || p > at[i - 1]!));

describe('the WebKitGTK host and the Swift sample of bridge/README.md', () => {
  it('register the same handler name, the documented PORTAL_WEBKIT_HANDLER default', () => {
    const swiftName = /userContentController\.add\(bridge, name: "(\w+)"\)/.exec(SWIFT)?.[1];
    const hostName = /^HANDLER = '(\w+)'$/m.exec(HOST)?.[1];
    expect(swiftName).toBe(DEFAULT_BRIDGE_SETTINGS.hostNames.webkitHandlerName);
    expect(hostName).toBe(swiftName);
    expect(README).toContain(`\`PORTAL_WEBKIT_HANDLER\` (default \`${swiftName}\`)`);
  });

  it('register the handler before the web view exists and loads the portal, so it is there at document start', () => {
    const swift = positions(SWIFT, [/userContentController\.add\(/, /WKWebView\(frame:/, /webView\.load\(/]);
    const host = positions(HOST, [
      /manager\.register_script_message_handler\(/,
      /WebKit2\.WebView\(/,
      /web_view\.load_uri\(args\.url\)/,
    ]);
    expect(increasing(swift), `Swift order ${swift.join(', ')}`).toBe(true);
    expect(increasing(host), `host.py order ${host.join(', ')}`).toBe(true);
  });

  it('check the sender, then the version, then handle the same message types in the same order', () => {
    const swiftCases = [...SWIFT.matchAll(/case "(\w+)":/g)].map((m) => m[1]);
    const hostCases = [...BRIDGE.matchAll(/kind == '(\w+)'/g)].map((m) => m[1]);
    expect(swiftCases).toEqual(['ready', 'token', 'logout', 'openUrl']);
    expect(hostCases).toEqual(swiftCases);
    const swiftVersions = [
      ...(/guard[\s\S]*?else \{ return \}/.exec(SWIFT)?.[0] ?? '').matchAll(/msg\.v == (\d)/g),
    ].map((m) => Number(m[1]));
    const hostVersions = /msg\.get\('v'\) not in \(([\d, ]+)\)/.exec(BRIDGE)?.[1]?.split(',').map(Number);
    expect(hostVersions).toEqual(swiftVersions);
    expect(
      increasing(positions(SWIFT, [/securityOrigin/, /message\.body as\? String/, /msg\.v == 1/, /switch msg\.type/])),
    ).toBe(true);
    expect(
      increasing(
        positions(BRIDGE, [
          /origin_of\(source\)/,
          /not value\.is_string\(\)/,
          /msg\.get\('v'\)/,
          /kind = msg\.get\('type'\)/,
        ]),
      ),
    ).toBe(true);
    // https only for openUrl, in both.
    expect(SWIFT).toMatch(/url\.scheme == "https"/);
    expect(BRIDGE).toMatch(/urlsplit\(url\)\.scheme == 'https'/);
  });

  it('send the same messages, in the same order, through the same page function with the JSON as an argument', () => {
    const swiftSends = [...SWIFT.matchAll(/"type"\s*:\s*"(\w+)"|\\?"type\\?":\\?"(\w+)\\?"/g)].map((m) => m[1] ?? m[2]);
    const hostSends = [...BRIDGE.matchAll(/'type': '(\w+)'/g)].map((m) => m[1]);
    expect(swiftSends).toEqual(['canMakePayments', 'locale', 'requestToken', 'logout']);
    expect(hostSends).toEqual(swiftSends);
    // ready is answered with canMakePayments and then the app's locale (v4), in both.
    expect(SWIFT).toMatch(/case "ready":\s*send\([^\n]*canMakePayments[^\n]*\)\s*sendLocale\(\)/);
    expect(BRIDGE).toMatch(/kind == 'ready':\s*self\.send\([^\n]*canMakePayments[^\n]*\)\s*self\.send_locale\(\)/);
    expect(SWIFT).toMatch(/\["v": 4, "type": "locale", "locale": locale\]/);
    expect(BRIDGE).toContain(`{'v': 4, 'type': 'locale', 'locale': self.locale}`);
    const swiftBody = /callAsyncJavaScript\("([^"]+)",\s*arguments: \["message": json\]/.exec(SWIFT)?.[1];
    const hostBody = /call_async_javascript_function\(\s*'([^']+)'/.exec(BRIDGE)?.[1];
    expect(swiftBody).toBe('return window.__portalBridgeReceive?.(message) ?? false');
    expect(hostBody).toBe(swiftBody);
    expect(BRIDGE).toContain(`{'message': GLib.Variant('s', text)}`);
  });
});
