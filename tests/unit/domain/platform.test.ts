import { describe, expect, it } from 'vitest';
import { detectPlatform, type PlatformHints } from '../../../src/domain/platform';

// Real user-agent strings of current browsers, copied from the browsers themselves (late 2024 / 2025 releases).
const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  chromeOs:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  edgeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  edgeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefoxUbuntu: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  ipadLegacy:
    'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTabletChrome:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  androidSamsung:
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0',
  instagramIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 346.0.3.30.99 (iPhone15,2; iOS 17_6_1; en_US; en; scale=3.00; 1179x2556; 632022452; IABMV/1)',
  instagramAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.107 Mobile Safari/537.36 Instagram 355.0.0.37.103 Android (34/14; 480dpi; 1080x2340; samsung; SM-S918B; dm3q; qcom; en_US; 655923447)',
  facebookIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/485.0.0.45.108;FBBV/654212583;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.6.1;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/656077181;IABMV/1]',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240905.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/129.0.6668.100 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/485.0.0.70.77;IABMV/1;]',
  tiktokIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_36.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US isDarkMode/0 WKWebView/1 RevealType/Dialog BytedanceWebview/d8a21c6',
  tiktokAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-A546B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/129.0.6668.100 Mobile Safari/537.36 musical_ly_2023605030 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/36.5.3 ByteLocale/en ByteFullLocale/en Region/US isDarkMode/0 Spark/1.6.4-alpha.2 AppVersion/36.5.3 BytedanceWebview/d8a21c6',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  curl: 'curl/8.5.0',
};

const chromium = (platform: string, mobile = false) => ({ platform, mobile });

describe('detectPlatform', () => {
  it.each<[string, PlatformHints, string]>([
    [
      'Chrome on Windows',
      { userAgent: UA.chromeWindows, userAgentData: chromium('Windows'), maxTouchPoints: 0 },
      'windows',
    ],
    ['Chrome on macOS', { userAgent: UA.chromeMac, userAgentData: chromium('macOS'), maxTouchPoints: 0 }, 'macos'],
    ['Chrome on Linux', { userAgent: UA.chromeLinux, userAgentData: chromium('Linux'), maxTouchPoints: 0 }, 'linux'],
    [
      'Chrome on ChromeOS',
      { userAgent: UA.chromeOs, userAgentData: chromium('Chrome OS'), maxTouchPoints: 0 },
      'chromeos',
    ],
    [
      'Edge on Windows',
      { userAgent: UA.edgeWindows, userAgentData: chromium('Windows'), maxTouchPoints: 0 },
      'windows',
    ],
    [
      'Edge on a Windows touch laptop',
      { userAgent: UA.edgeWindows, userAgentData: chromium('Windows'), maxTouchPoints: 10 },
      'windows',
    ],
    ['Edge on macOS', { userAgent: UA.edgeMac, userAgentData: chromium('macOS'), maxTouchPoints: 0 }, 'macos'],
    ['Edge on Linux', { userAgent: UA.edgeLinux, userAgentData: chromium('Linux'), maxTouchPoints: 0 }, 'linux'],
    ['Firefox on Windows', { userAgent: UA.firefoxWindows, maxTouchPoints: 0 }, 'windows'],
    ['Firefox on macOS', { userAgent: UA.firefoxMac, maxTouchPoints: 0 }, 'macos'],
    ['Firefox on Linux', { userAgent: UA.firefoxLinux, maxTouchPoints: 0 }, 'linux'],
    ['Firefox on Ubuntu', { userAgent: UA.firefoxUbuntu, maxTouchPoints: 0 }, 'linux'],
    ['Safari on macOS', { userAgent: UA.safariMac, maxTouchPoints: 0 }, 'macos'],
    ['Chrome on a page without client hints (http)', { userAgent: UA.chromeWindows, userAgentData: null }, 'windows'],
  ])('%s is a desktop', (_name, hints, os) => {
    expect(detectPlatform(hints)).toEqual({ kind: 'desktop', os, inAppBrowser: null });
  });

  it.each<[string, PlatformHints]>([
    ['Safari on iPhone', { userAgent: UA.iphoneSafari, maxTouchPoints: 5 }],
    ['Chrome on iPhone', { userAgent: UA.iphoneChrome, maxTouchPoints: 5 }],
    ['Firefox on iPhone', { userAgent: UA.iphoneFirefox, maxTouchPoints: 5 }],
    ['Safari on an older iPad', { userAgent: UA.ipadLegacy, maxTouchPoints: 5 }],
    ['Safari on iPadOS 13+ (desktop-class Mac user agent, with touch)', { userAgent: UA.safariMac, maxTouchPoints: 5 }],
  ])('%s is iOS', (_name, hints) => {
    expect(detectPlatform(hints)).toMatchObject({ kind: 'ios', os: 'ios', inAppBrowser: null });
  });

  it.each<[string, PlatformHints]>([
    ['Chrome on Android', { userAgent: UA.androidChrome, userAgentData: chromium('Android', true), maxTouchPoints: 5 }],
    [
      'Chrome on an Android tablet',
      { userAgent: UA.androidTabletChrome, userAgentData: chromium('Android'), maxTouchPoints: 5 },
    ],
    ['Samsung Internet', { userAgent: UA.androidSamsung, userAgentData: chromium('Android', true), maxTouchPoints: 5 }],
    ['Firefox on Android', { userAgent: UA.androidFirefox, maxTouchPoints: 5 }],
    // "Desktop site" sends a Linux user agent, but client hints still tell the truth.
    [
      'Chrome on Android asking for the desktop site',
      { userAgent: UA.chromeLinux, userAgentData: chromium('Android'), maxTouchPoints: 5 },
    ],
  ])('%s is Android', (_name, hints) => {
    expect(detectPlatform(hints)).toMatchObject({ kind: 'android', os: 'android', inAppBrowser: null });
  });

  it.each<[string, string, 'ios' | 'android', string]>([
    ['Instagram on iOS', UA.instagramIos, 'ios', 'Instagram'],
    ['Instagram on Android', UA.instagramAndroid, 'android', 'Instagram'],
    ['Facebook on iOS', UA.facebookIos, 'ios', 'Facebook'],
    ['Facebook on Android', UA.facebookAndroid, 'android', 'Facebook'],
    ['TikTok on iOS', UA.tiktokIos, 'ios', 'TikTok'],
    ['TikTok on Android', UA.tiktokAndroid, 'android', 'TikTok'],
  ])('the in-app browser of %s is recognised on its platform', (_name, userAgent, kind, app) => {
    expect(detectPlatform({ userAgent, maxTouchPoints: 5 })).toEqual({ kind, os: kind, inAppBrowser: app });
  });

  it.each<[string, PlatformHints]>([
    ['an empty user agent', { userAgent: '' }],
    ['a crawler', { userAgent: UA.googlebot }],
    ['a command-line client', { userAgent: UA.curl }],
    ['client hints with an unknown platform', { userAgent: 'Mozilla/5.0', userAgentData: chromium('Fuchsia') }],
  ])('%s is unknown', (_name, hints) => {
    expect(detectPlatform(hints)).toEqual({ kind: 'unknown', os: 'unknown', inAppBrowser: null });
  });

  it('a Mac without touch stays a Mac even when Chrome reports client hints', () => {
    expect(detectPlatform({ userAgent: UA.chromeMac, userAgentData: chromium('macOS'), maxTouchPoints: 0 }).kind).toBe(
      'desktop',
    );
  });

  it('a Mac user agent with touch is an iPad even when client hints say macOS', () => {
    expect(detectPlatform({ userAgent: UA.safariMac, userAgentData: chromium('macOS'), maxTouchPoints: 5 }).kind).toBe(
      'ios',
    );
  });

  it('an emulated phone is a phone even when client hints name the host desktop', () => {
    // Device emulation (DevTools, Playwright) can change the user agent without the client hints.
    expect(
      detectPlatform({ userAgent: UA.androidChrome, userAgentData: chromium('Linux'), maxTouchPoints: 1 }).kind,
    ).toBe('android');
    expect(
      detectPlatform({ userAgent: UA.iphoneSafari, userAgentData: chromium('Windows'), maxTouchPoints: 1 }).kind,
    ).toBe('ios');
  });
});
