// docs/performance.md shows what the bench wrote (tests/bench/render.mjs): its figures between the bench markers,
// rendered from results.json, with when and where they were taken; the hand-written text around them is kept.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BENCH_PARTS,
  benchPart,
  END,
  partsAsked,
  partsOf,
  renderFigures,
  renderPage,
  START,
  when,
  type BenchResults,
} from '../../bench/render.mjs';

const fixture: BenchResults = {
  date: '2026-11-25T15:47:36.608Z',
  machine: '2 x AMD EPYC, 24 GiB, node v20.20.2',
  seconds: 530,
  parts: ['bundle sizes', 'hand-off cost'],
  runs: 10,
  chromium: '156.0.8078.0',
  load15: 1.42,
  rows: [
    {
      profile: 'desktop',
      measure: 'JS+CSS, gzip -9',
      portal: '194,095 B',
      floor: '',
      ratio: '',
      target: '<= 190,000 B',
      met: false,
    },
    {
      profile: 'desktop',
      measure: '  own code (src + bridge): gzip -9 alone (raw 156.7 KiB)',
      portal: '51,599 B',
      floor: '',
      ratio: '',
      target: '<= 44,000 B',
      met: false,
    },
    {
      profile: 'android',
      measure: 'hand-off, e-mail sign-in: submit to /login: time (median of 10)',
      portal: '1169 ms',
      floor: '1001 ms',
      ratio: '1.17',
      target: 'ratio <= 1.2',
      met: true,
    },
    { profile: 'android', measure: 'a | in a cell', portal: '1', floor: '', ratio: '', target: '', met: null },
  ],
  bundle: { ownTop: [{ module: 'src/messages/catalogue.ts', bytes: 17400 }], localeFiles: { de: 6123, ar: 7012 } },
};

const page = `# Performance\n\nWritten by hand.\n\n${START}\nold figures\n${END}\n\nMore by hand.\n`;

describe('the performance page', () => {
  it('says when, where and what the run measured', () => {
    const figures = renderFigures(fixture);
    expect(figures).toContain('- **When:** 2026-11-25 15:38-15:47 UTC (530 s).');
    expect(figures).toContain(
      '2 x AMD EPYC, 24 GiB, node v20.20.2; headless Debian Chromium 156.0.8078.0, the stack on loopback; load average 1.42',
    );
    expect(figures).toContain('only bundle sizes, hand-off cost (`BENCH_ONLY`); medians of 10 runs.');
  });

  it("says how many runs the desktop's loads and hand-offs took, when they took more", () => {
    expect(renderFigures({ ...fixture, desktopRuns: 20 })).toContain(
      "medians of 10 runs (20 of the desktop's cold loads and hand-offs, in turn with the floor's).",
    );
  });

  it('renders one table per profile, every row as the bench wrote it', () => {
    const figures = renderFigures(fixture);
    expect(figures).toContain('Desktop (no throttling):');
    expect(figures).toContain('| measure | portal | floor | ratio | target | met |');
    expect(figures).toContain('| JS+CSS, gzip -9 | 194,095 B |  |  | <= 190,000 B | NO |');
    expect(figures).toContain(
      '| own code (src + bridge): gzip -9 alone (raw 156.7 KiB) | 51,599 B |  |  | <= 44,000 B | NO |',
    );
    expect(figures).toContain(
      '| hand-off, e-mail sign-in: submit to /login: time (median of 10) | 1169 ms | 1001 ms | 1.17 | ratio <= 1.2 | yes |',
    );
    expect(figures).toContain('| a \\| in a cell | 1 |  |  |  |  |');
    expect(figures.indexOf('Desktop')).toBeLessThan(figures.indexOf('Android Chrome user agent'));
    expect(figures).toContain('| `src/messages/catalogue.ts` | 17,400 B |');
    expect(figures).toContain('| ar | 7,012 B |');
  });

  it("gives a split build's languages both files: the texts every first screen fetches, and the pages'", () => {
    const figures = renderFigures({
      ...fixture,
      bundle: { ...fixture.bundle, localeFiles: { de: 1373 }, localePages: { de: 5918 } },
    });
    expect(figures).toContain("| language | its texts (every first screen) | the pages' texts (with a page) |");
    expect(figures).toContain('| de | 1,373 B | 5,918 B |');
  });

  it('replaces only the text between the markers, and renders the same twice', () => {
    const once = renderPage(page, fixture);
    expect(once.startsWith('# Performance\n\nWritten by hand.\n\n<!-- bench:start -->\n')).toBe(true);
    expect(once.endsWith('<!-- bench:end -->\n\nMore by hand.\n')).toBe(true);
    expect(once).not.toContain('old figures');
    expect(renderPage(once, fixture)).toBe(once);
  });

  it('refuses a page without its markers', () => {
    expect(() => renderPage('# Performance\n', fixture)).toThrow(/bench:start/);
  });

  it('says "every part" of a run that ran them all, and names the parts of one that did not', () => {
    expect(renderFigures({ ...fixture, parts: [...BENCH_PARTS] })).toContain(
      '- **What:** every part; medians of 10 runs.',
    );
    expect(renderFigures({ ...fixture, parts: BENCH_PARTS.slice(1) })).toContain(
      `only ${BENCH_PARTS.slice(1).join(', ')} (\`BENCH_ONLY\`)`,
    );
  });

  it('tells the parts of a run that did not list them from its rows', () => {
    const { parts: _parts, ...older } = fixture;
    expect(partsOf(older)).toEqual(['bundle sizes', 'hand-off cost']);
    expect(when({ ...older, date: '2026-11-25T00:02:00Z', seconds: 240 })).toBe(
      '2026-11-24 23:58 UTC to 2026-11-25 00:02 UTC (240 s)',
    );
  });

  it('is the block docs/performance.md carries', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/performance.md'), 'utf8');
    expect(doc.indexOf(START)).toBeGreaterThan(0);
    expect(doc.indexOf(END)).toBeGreaterThan(doc.indexOf(START));
    expect(doc.slice(doc.indexOf(START), doc.indexOf(END))).toContain('Written by `tests/bench/render.mjs`');
  });
});

describe('naming the parts', () => {
  it('BENCH_ONLY asks for parts by name, and a name that is no part stops the bench, listing the parts', () => {
    expect(partsAsked(undefined)).toBeUndefined();
    expect(partsAsked('cold load, hand-off cost')).toEqual(['cold load', 'hand-off cost']);
    expect(() => partsAsked('cold load,handoff cost')).toThrow(
      /no part named "handoff cost"; the parts: bundle sizes, cold load/,
    );
  });

  it('a part the bench runs under a misspelt name stops it', () => {
    expect(benchPart('web vitals')).toBe('web vitals');
    expect(() => benchPart('web-vitals')).toThrow('bench part "web-vitals" is not in BENCH_PARTS');
  });
});
