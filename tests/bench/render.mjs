#!/usr/bin/env node
// Renders tests/bench/results.json (npm run bench) into docs/performance.md between its bench markers, so the page
// shows the figures the bench wrote, never figures copied by hand. `npm run bench` calls it last (tests/bench/run.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const START = '<!-- bench:start -->';
export const END = '<!-- bench:end -->';

const PROFILE_TITLES = {
  desktop: 'Desktop (no throttling)',
  android: 'Android Chrome user agent, CPU 4x slower, Slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up)',
  iphone: 'iPhone Safari user agent, CPU 4x slower, Slow 4G (150 ms RTT, 1.6 Mbps down, 750 kbps up)',
};

/** The bench's parts (BENCH_ONLY names), told apart by their rows' measures when results.json does not list them. */
const PART_OF_MEASURE = [
  ['bundle sizes', /^(JS bundle|CSS|JS\+CSS|language files|.*gzip -9 alone)/],
  ['cold load', /^(cold load|of which|\/auth: third-party)/],
  ['web vitals', /^(LCP|CLS) /],
  ['hand-off cost', /^hand-off/],
  ['account load', /^returning user's cold load of My Account/],
  ['requests per page', /^backend GETs/],
  ['lighthouse', /^(Lighthouse|losing points)/],
  ['build time', /^build\.mjs/],
];

/** Every part of the bench, in the order it runs them: what `BENCH_ONLY` names (tests/bench/bench.ts). */
export const BENCH_PARTS = PART_OF_MEASURE.map(([part]) => part);

/** `name` when it is one of BENCH_PARTS: the bench names each part it runs through this, so a misspelt one stops it. */
export function benchPart(name) {
  if (!BENCH_PARTS.includes(name)) throw new Error(`bench part "${name}" is not in BENCH_PARTS (render.mjs)`);
  return name;
}

/** The parts `BENCH_ONLY` asks for (undefined: all); a name that is no part stops the bench before anything runs. */
export function partsAsked(value) {
  const only = value?.split(',').map((s) => s.trim());
  const unknown = only?.filter((name) => !BENCH_PARTS.includes(name)) ?? [];
  if (unknown.length > 0)
    throw new Error(
      `BENCH_ONLY: no part named ${unknown.map((n) => `"${n}"`).join(', ')}; the parts: ${BENCH_PARTS.join(', ')}`,
    );
  return only;
}

const cell = (value) =>
  String(value ?? '')
    .trim()
    .replace(/\|/g, '\\|')
    .replace(/\n/g, ' ');
const pad = (n) => String(n).padStart(2, '0');
const day = (d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const clock = (d) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/** "2026-11-25 15:38-15:47 UTC (530 s)": the run's span, from its end (`date`) and length (`seconds`). */
export function when(results) {
  const end = new Date(results.date);
  if (Number.isNaN(end.getTime())) return 'at an unrecorded time';
  const seconds = Number(results.seconds) || 0;
  const start = new Date(end.getTime() - seconds * 1000);
  const span =
    day(start) === day(end)
      ? `${day(end)} ${clock(start)}-${clock(end)} UTC`
      : `${day(start)} ${clock(start)} UTC to ${day(end)} ${clock(end)} UTC`;
  return `${span} (${seconds} s)`;
}

/** The parts this run measured: as results.json lists them, else read from its rows. */
export function partsOf(results) {
  if (Array.isArray(results.parts)) return results.parts;
  const found = new Set();
  for (const row of results.rows ?? []) {
    const measure = String(row.measure).trim();
    const failed = /^(.+): FAILED$/.exec(measure)?.[1];
    for (const [part, pattern] of PART_OF_MEASURE) if (part === failed || pattern.test(measure)) found.add(part);
  }
  return BENCH_PARTS.filter((part) => found.has(part));
}

function table(headers, rows) {
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
  ].join('\n');
}

const met = (value) => (value === null || value === undefined ? '' : value ? 'yes' : 'NO');
const bytes = (n) => `${Number(n).toLocaleString('en-US')} B`;

/** The generated part of docs/performance.md: when and where, a table per profile, and the bundle's details. */
/** "medians of 10 runs", and how many the desktop's cold loads and hand-offs took when the run says. */
function runsText(results) {
  const desktop = results.desktopRuns
    ? ` (${results.desktopRuns} of the desktop's cold loads and hand-offs, in turn with the floor's)`
    : '';
  return `medians of ${results.runs} runs${desktop}`;
}

export function renderFigures(results) {
  const rows = results.rows ?? [];
  const parts = partsOf(results);
  const allParts = BENCH_PARTS.every((part) => parts.includes(part));
  const lines = [
    `Written by \`tests/bench/render.mjs\` from \`tests/bench/results.json\` of one \`npm run bench\`: do not edit by hand.`,
    '',
    `- **When:** ${when(results)}.`,
    `- **Where:** ${cell(results.machine) || 'an unrecorded machine'}; headless Debian Chromium${
      results.chromium ? ` ${cell(results.chromium)}` : ''
    }, the stack on loopback${
      typeof results.load15 === 'number' ? `; load average ${results.load15} over the last 15 minutes of the run` : ''
    }.`,
    `- **What:** ${allParts ? 'every part' : `only ${parts.length ? parts.join(', ') : 'nothing'} (\`BENCH_ONLY\`)`}${
      results.runs ? `; ${runsText(results)}` : ''
    }.`,
  ];
  const profiles = [...new Set(rows.map((r) => r.profile))];
  for (const profile of Object.keys(PROFILE_TITLES)
    .filter((p) => profiles.includes(p))
    .concat(profiles.filter((p) => !(p in PROFILE_TITLES)))) {
    lines.push('', `${PROFILE_TITLES[profile] ?? profile}:`, '');
    lines.push(
      table(
        ['measure', 'portal', 'floor', 'ratio', 'target', 'met'],
        rows
          .filter((r) => r.profile === profile)
          .map((r) => [r.measure, r.portal, r.floor, r.ratio, r.target, met(r.met)]),
      ),
    );
  }
  const bundle = results.bundle;
  if (bundle?.ownTop?.length) {
    lines.push('', `The portal's own code, top ${bundle.ownTop.length} modules by minified bytes:`, '');
    lines.push(
      table(
        ['module', 'minified'],
        bundle.ownTop.map((m) => [`\`${m.module}\``, bytes(m.bytes)]),
      ),
    );
  }
  if (bundle?.localeFiles && Object.keys(bundle.localeFiles).length) {
    // A split build's languages have two files: the texts every first screen fetches, and the pages' texts.
    const pages = bundle.localePages ?? {};
    const split = Object.keys(pages).length > 0;
    lines.push('', 'Language files, each gzip -9 alone:', '');
    lines.push(
      table(
        split
          ? ['language', 'its texts (every first screen)', "the pages' texts (with a page)"]
          : ['language', 'gzip -9'],
        Object.entries(bundle.localeFiles).map(([tag, n]) => [
          tag,
          bytes(n),
          ...(split ? [pages[tag] === undefined ? '' : bytes(pages[tag])] : []),
        ]),
      ),
    );
  }
  if (rows.length === 0) lines.push('', 'This run wrote no rows.');
  return lines.join('\n');
}

/** `page` with the text between its bench markers replaced by the figures of `results`; the rest is kept as written. */
export function renderPage(page, results) {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`the page has no ${START} ... ${END} block`);
  return `${page.slice(0, start + START.length)}\n${renderFigures(results)}\n${page.slice(end)}`;
}

/** Reads results.json and rewrites docs/performance.md in place. Returns the page's path. */
export function renderPerformancePage(root = fileURLToPath(new URL('../..', import.meta.url))) {
  const results = JSON.parse(readFileSync(join(root, 'tests/bench/results.json'), 'utf8'));
  const path = join(root, 'docs/performance.md');
  writeFileSync(path, renderPage(readFileSync(path, 'utf8'), results));
  return path;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`rendered ${renderPerformancePage()}`);
}
