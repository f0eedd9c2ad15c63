import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deepLinkUrl,
  modelThumbnailPath,
  phoneLinkUrl,
  planDevOpen,
  safeStoreUrl,
  storesFor,
} from '../../../src/domain/shared-link';

describe('deepLinkUrl', () => {
  it('opens the configured scheme with model, design and referral, each URL-encoded', () => {
    expect(deepLinkUrl('dreambook', { model: 'Farmhouse 01', design: 'My home & garden', referral: 'a+b/c?d' })).toBe(
      'dreambook://open?model=Farmhouse%2001&design=My%20home%20%26%20garden&referral=a%2Bb%2Fc%3Fd',
    );
  });

  it('leaves out parameters the link does not carry, and the query when there is none', () => {
    expect(deepLinkUrl('dreambook', { design: 'Cabin' })).toBe('dreambook://open?design=Cabin');
    expect(deepLinkUrl('dreambook', {})).toBe('dreambook://open');
  });

  it('keeps non-Latin names intact through encoding', () => {
    const url = deepLinkUrl('dreambook', { design: 'Maison d’été 家' })!;
    expect(decodeURIComponent(new URL(url).searchParams.get('design')!)).toBe('Maison d’été 家');
  });

  it('never builds a link on a scheme that runs script or leaves for the web', () => {
    for (const scheme of [
      'javascript',
      'JavaScript:',
      'data',
      'vbscript',
      'file',
      'http',
      'https',
      'intent',
      '',
      '1abc',
      'a b',
      'dream/book',
    ]) {
      expect(deepLinkUrl(scheme, { model: 'x' }), scheme).toBeNull();
    }
  });

  it('accepts the scheme written with its colon or slashes', () => {
    expect(deepLinkUrl('DreamBook://', {})).toBe('dreambook://open');
    expect(deepLinkUrl('dreambook:', {})).toBe('dreambook://open');
  });

  it('whatever the parameters, the link stays on the configured scheme and decodes back to them', () => {
    const value = fc.option(fc.string({ maxLength: 200 }), { nil: undefined });
    fc.assert(
      fc.property(value, value, value, (model, design, referral) => {
        const url = deepLinkUrl('dreambook', { model, design, referral })!;
        expect(url.startsWith('dreambook://open')).toBe(true);
        const parsed = new URL(url);
        expect(parsed.protocol).toBe('dreambook:');
        expect(parsed.hash).toBe('');
        for (const [key, v] of Object.entries({ model, design, referral })) {
          expect(parsed.searchParams.get(key) ?? undefined).toBe(v || undefined);
        }
      }),
    );
  });
});

describe('phoneLinkUrl', () => {
  it('is this page on this site with the same model, design and referral', () => {
    expect(
      phoneLinkUrl('https://portal.example', '/external-link', { model: 'M1', design: 'Lake house', referral: 'r9' }),
    ).toBe('https://portal.example/external-link?model=M1&design=Lake%20house&referral=r9');
  });

  it('has no query when the link carries nothing', () => {
    expect(phoneLinkUrl('http://127.0.0.1:5173', '/external-link', {})).toBe('http://127.0.0.1:5173/external-link');
  });

  it('cannot be pointed at another site by a parameter', () => {
    const url = new URL(
      phoneLinkUrl('https://portal.example', '/external-link', {
        model: '@evil.example/',
        referral: 'https://evil.example',
      }),
    );
    expect(url.origin).toBe('https://portal.example');
    expect(url.pathname).toBe('/external-link');
  });
});

describe('modelThumbnailPath', () => {
  it('is the house-thumbnails path of SPEC 3', () => {
    expect(modelThumbnailPath('Farmhouse_01')).toBe('/images/house-thumbnails/Farmhouse_01_Thumbnail.webp');
  });

  it('encodes the model so it cannot leave the folder or the site', () => {
    for (const model of ['../../secret', '//evil.example/x', 'javascript:alert(1)', 'a?b#c']) {
      const url = new URL(modelThumbnailPath(model)!, 'https://portal.example');
      expect(url.origin).toBe('https://portal.example');
      expect(url.pathname.startsWith('/images/house-thumbnails/')).toBe(true);
      expect(url.search + url.hash).toBe('');
    }
  });

  it('is null without a model', () => {
    expect(modelThumbnailPath(undefined)).toBeNull();
    expect(modelThumbnailPath('')).toBeNull();
  });
});

describe('planDevOpen', () => {
  const base = {
    devLocalIp: '',
    pageHostname: '127.0.0.1',
    desktopPort: 5662,
    policy: { ports: [5662], extraOrigins: [], privateNetwork: false },
  };

  it('targets the desktop listener on the page host with an open path carrying the link', () => {
    expect(planDevOpen(base, { model: 'M 1', design: 'D&D', referral: 'r' })).toEqual({
      ok: true,
      open: { redirectUrl: 'http://127.0.0.1:5662', redirectPath: 'open?model=M%201&design=D%26D&referral=r' },
    });
  });

  it('uses the configured dev ip before the page host', () => {
    const plan = planDevOpen({ ...base, devLocalIp: 'localhost', pageHostname: '10.0.0.5' }, {});
    expect(plan).toEqual({ ok: true, open: { redirectUrl: 'http://localhost:5662', redirectPath: 'open' } });
  });

  it('brackets an IPv6 loopback from config', () => {
    expect(planDevOpen({ ...base, devLocalIp: '::1' }, {})).toMatchObject({
      ok: true,
      open: { redirectUrl: 'http://[::1]:5662' },
    });
  });

  it('opens the desktop app at a LAN {ip}:5662 in development builds (private-range IPv4 on the desktop port)', () => {
    const dev = { ...base, devLocalIp: '192.168.1.20', policy: { ...base.policy, privateNetwork: true } };
    expect(planDevOpen(dev, {})).toEqual({
      ok: true,
      open: { redirectUrl: 'http://192.168.1.20:5662', redirectPath: 'open' },
    });
    expect(planDevOpen({ ...dev, desktopPort: 5663 }, {})).toEqual({
      ok: false,
      target: 'http://192.168.1.20:5663',
    });
  });

  it.each([
    ['a public host serving the page', { pageHostname: 'evil.example' }, 'http://evil.example:5662'],
    ['a LAN address outside development builds', { devLocalIp: '192.168.1.20' }, 'http://192.168.1.20:5662'],
    [
      'a configured ip that smuggles a host',
      { devLocalIp: '127.0.0.1@evil.example' },
      'http://127.0.0.1@evil.example:5662',
    ],
    ['a configured ip with a path', { devLocalIp: 'evil.example/127.0.0.1' }, 'http://evil.example/127.0.0.1:5662'],
  ])('refuses %s and says which address', (_name, input, target) => {
    expect(planDevOpen({ ...base, ...input }, { model: 'm' })).toEqual({ ok: false, target });
  });

  it('the path never climbs out or names another site, whatever the parameters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 200 }), (model, referral) => {
        const plan = planDevOpen(base, { model, referral });
        if (!plan.ok) throw new Error('loopback must be allowed');
        const url = new URL(`${plan.open.redirectUrl}/${plan.open.redirectPath}`);
        expect(url.origin).toBe('http://127.0.0.1:5662');
        expect(url.pathname).toBe('/open');
        expect(url.hash).toBe('');
      }),
    );
  });
});

describe('stores', () => {
  it('offers the matching store on a phone and all three elsewhere', () => {
    expect(storesFor('ios')).toEqual(['appStore']);
    expect(storesFor('android')).toEqual(['googlePlay']);
    expect(storesFor('desktop')).toEqual(['appStore', 'googlePlay', 'microsoftStore']);
    expect(storesFor('unknown')).toEqual(['appStore', 'googlePlay', 'microsoftStore']);
  });

  it('follows only https store addresses', () => {
    expect(safeStoreUrl('https://apps.apple.com/app/id1')).toBe('https://apps.apple.com/app/id1');
    for (const raw of [
      'javascript:alert(1)',
      'http://apps.apple.com/app',
      'https://user:pw@apps.apple.com',
      '',
      'not a url',
    ]) {
      expect(safeStoreUrl(raw), raw).toBeNull();
    }
  });
});

describe("a shared link's query", () => {
  it('writes keys in a fixed order and skips empty values, in every address it is part of', () => {
    const link = { referral: 'r', model: '', design: 'd' };
    expect(deepLinkUrl('dreambook', link)).toBe('dreambook://open?design=d&referral=r');
    expect(phoneLinkUrl('https://portal.example', '/external-link', link)).toBe(
      'https://portal.example/external-link?design=d&referral=r',
    );
    expect(
      planDevOpen(
        {
          devLocalIp: '',
          pageHostname: '127.0.0.1',
          desktopPort: 5662,
          policy: { ports: [5662], extraOrigins: [], privateNetwork: false },
        },
        link,
      ),
    ).toMatchObject({ ok: true, open: { redirectPath: 'open?design=d&referral=r' } });
  });
});
