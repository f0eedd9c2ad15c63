import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '../../../src/domain/user-agent';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.119 Mobile/15E148 Safari/604.1',
  iphoneWebview:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 Edg/138.0.3351.83',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:140.0) Gecko/20100101 Firefox/140.0',
  linuxHeadless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/138.0.7204.23 Safari/537.36',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
  androidSamsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36',
  androidWebview:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/138.0.0.0 Mobile Safari/537.36',
  ipadOpera:
    'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) OPiOS/16.0.14 Mobile/15E148 Safari/9537.53',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  unityWindows: 'UnityPlayer/2022.3.40f1 (UnityWebRequest/1.0, libcurl/8.5.0-DEV) Windows',
  unityAndroid: 'Dalvik/2.1.0 (Linux; U; Android 14; Pixel 8) UnityPlayer/2022.3.40f1 (UnityWebRequest/1.0)',
};

describe('describeUserAgent', () => {
  it.each([
    ['iphoneSafari', 'browser', 'Safari', 'iPhone'],
    ['iphoneChrome', 'browser', 'Chrome', 'iPhone'],
    ['windowsChrome', 'browser', 'Chrome', 'Windows'],
    ['windowsEdge', 'browser', 'Edge', 'Windows'],
    ['macSafari', 'browser', 'Safari', 'macOS'],
    ['macFirefox', 'browser', 'Firefox', 'macOS'],
    ['linuxHeadless', 'browser', 'Chrome', 'Linux'],
    ['androidChrome', 'browser', 'Chrome', 'Android'],
    ['androidSamsung', 'browser', 'Samsung Internet', 'Android'],
    ['ipadOpera', 'browser', 'Opera', 'iPad'],
    ['chromebook', 'browser', 'Chrome', 'ChromeOS'],
  ] as const)('%s is %s, %s on %s', (name, kind, browser, system) => {
    expect(describeUserAgent(UA[name])).toEqual({ kind, browser, system });
  });

  it("an app's webview is told from a browser, and names no browser", () => {
    expect(describeUserAgent(UA.androidWebview)).toEqual({ kind: 'webview', browser: null, system: 'Android' });
    expect(describeUserAgent(UA.iphoneWebview)).toEqual({ kind: 'webview', browser: null, system: 'iPhone' });
  });

  it("the app's own engine is the desktop app on a computer and the mobile app on a phone", () => {
    expect(describeUserAgent(UA.unityWindows)).toEqual({ kind: 'desktop', browser: null, system: 'Windows' });
    expect(describeUserAgent(UA.unityAndroid)).toEqual({ kind: 'mobile', browser: null, system: 'Android' });
  });

  it('an empty, missing or unknown user agent is a browser of unknown name and system', () => {
    for (const ua of ['', null, undefined, 'curl/8.5.0'])
      expect(describeUserAgent(ua)).toEqual({ kind: 'browser', browser: null, system: null });
  });
});
