import { afterEach, describe, expect, it } from 'vitest';
import { HOST_KINDS, detectHostIn, fromHostApi, prop } from '../../../bridge/hosts';
import { NAMES, installHost, removeHosts } from './fake-hosts';

afterEach(() => removeHosts());

describe('detectHostIn', () => {
  it('finds no host in a plain browser', () => {
    expect(detectHostIn(window, NAMES)).toBeNull();
  });

  it.each(HOST_KINDS)('finds %s by its injected object', (kind) => {
    installHost(kind);
    expect(detectHostIn(window, NAMES)).toBe(kind);
  });

  it('uses the configured names for WKWebView and Android', () => {
    installHost('wkwebview');
    expect(detectHostIn(window, { ...NAMES, webkitHandlerName: 'other' })).toBeNull();
    removeHosts();
    installHost('android');
    expect(detectHostIn(window, { ...NAMES, androidBridgeName: 'Other' })).toBeNull();
    expect(detectHostIn(window, { ...NAMES, androidBridgeName: '' })).toBeNull();
  });

  it('prefers the specific hosts over the generic WKWebView and Android objects they run on', () => {
    installHost('android');
    installHost('wkwebview');
    expect(detectHostIn(window, NAMES)).toBe('wkwebview');
    installHost('react-native');
    expect(detectHostIn(window, NAMES)).toBe('react-native');
    installHost('vuplex');
    expect(detectHostIn(window, NAMES)).toBe('vuplex');
  });

  it('ignores look-alikes without a postMessage function', () => {
    Reflect.set(window, 'vuplex', { postMessage: 'not a function' });
    Reflect.set(window, 'chrome', { runtime: {} });
    Reflect.set(window, 'webkit', { messageHandlers: {} });
    Reflect.set(window, 'ReactNativeWebView', null);
    expect(detectHostIn(window, NAMES)).toBeNull();
  });

  it('survives a host object whose getter throws', () => {
    Object.defineProperty(window, 'ReactNativeWebView', {
      configurable: true,
      get() {
        throw new Error('gone');
      },
    });
    expect(detectHostIn(window, NAMES)).toBeNull();
  });
});

describe('prop', () => {
  it('reads nothing from primitives and never throws', () => {
    expect(prop(null, 'x')).toBeUndefined();
    expect(prop('text', 'length')).toBeUndefined();
    expect(prop({ x: 1 }, 'x')).toBe(1);
  });
});

describe('fromHostApi: which window message events count as the host speaking', () => {
  const other = { postMessage() {} };
  it.each([
    ['posted from the page itself (source is this window)', { source: window, isTrusted: true }, true],
    [
      'dispatched by script with no source (React Native, an injected MessageEvent)',
      { source: null, isTrusted: false },
      true,
    ],
    ['posted by a frame or the opener (another window)', { source: other, isTrusted: true }, false],
    ['another window, even when dispatched by script', { source: other, isTrusted: false }, false],
    [
      'trusted with no source (a frame removed right after posting, a closed popup)',
      { source: null, isTrusted: true },
      false,
    ],
    ['with no isTrusted at all', { source: null }, false],
  ])('%s: %s', (_name, event, accepted) => {
    expect(fromHostApi(event, window)).toBe(accepted);
  });
});
