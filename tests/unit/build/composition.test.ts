// The size report's parts: own code and each package, from the bundle's source map.
import { describe, expect, it } from 'vitest';
import { buildComposition, decodeSegment, OWN_CODE, partOf } from '../../../tools/build/composition.mjs';

describe('decodeSegment', () => {
  it('reads base64 VLQ numbers, negative ones and ones of several digits', () => {
    expect(decodeSegment('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeSegment('CACD')).toEqual([1, 0, 1, -1]);
    expect(decodeSegment('gBAAA')).toEqual([16, 0, 0, 0]);
  });
});

describe('partOf', () => {
  it('names the innermost package, scoped or not, and the portal own code', () => {
    expect(partOf('../../node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react-dom');
    expect(partOf('../../node_modules/firebase/node_modules/@firebase/auth/dist/esm/index.js')).toBe('@firebase/auth');
    expect(partOf('../../src/ui/pages/CreditsPage.tsx')).toBe(OWN_CODE);
    expect(partOf('../../bridge/index.ts')).toBe(OWN_CODE);
    expect(partOf('<define:__PORTAL_CONFIG__>')).toBe('other');
  });
});

describe('buildComposition', () => {
  it('gives each generated character to the source its segment maps, up to the next segment', () => {
    // "aaaa" from source 0 (react), "bbbbbb" from source 1 (src), then "cc" from source 0 again; a second line from src.
    const code = 'aaaabbbbbbcc\nddd';
    const map = {
      sources: ['node_modules/react/index.js', 'src/main.tsx'],
      mappings: ['AAAA', 'IC' + 'AAA', 'MDAAA'].join(',') + ';' + 'ACAAA',
    };
    const parts = Object.fromEntries(buildComposition([{ code, map }]).map((p) => [p.part, p.raw]));
    expect(parts).toEqual({ react: 6, [OWN_CODE]: 9, other: 1 });
  });
});
