// Every pointer to a section of the documentation names a heading that exists: the code's comments cite a page and a
// heading in quotes (a docs page, the README or bridge/README.md), "departure N" names a record of docs/departures.md,
// and the Markdown pages link to files and anchors that are there. A heading renamed or moved fails here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../../..');
const SCANNED = ['src', 'bridge', 'harness', 'cli', 'tests', 'tools/lint', 'build.mjs', 'eslint.config.js', 'docs'];
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|mts|mjs|js|py|css)$/;
const SELF = __filename;

function walk(path: string, out: string[] = []): string[] {
  if (!existsSync(path)) return out;
  if (!statSync(path).isDirectory()) {
    if ((SOURCE.test(path) || path.endsWith('.md')) && path !== SELF) out.push(path);
    return out;
  }
  for (const name of readdirSync(path)) if (!SKIPPED.has(name)) walk(join(path, name), out);
  return out;
}

/** Lines outside fenced code blocks, with their 1-based numbers. */
function prose(markdown: string): Array<{ line: number; text: string }> {
  let fence = false;
  return markdown.split('\n').flatMap((text, i) => {
    if (/^\s*(```|~~~)/.test(text)) {
      fence = !fence;
      return [];
    }
    return fence ? [] : [{ line: i + 1, text }];
  });
}

/** The headings of a Markdown page, any level, as written (without the #s). */
function headings(markdown: string): string[] {
  return prose(markdown)
    .map(({ text }) => /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(text)?.[1])
    .filter((h): h is string => h !== undefined);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** A file's comments as blocks of consecutive comment lines joined into one text (a citation may wrap), or its prose. */
function commentBlocks(path: string, text: string): Array<{ line: number; text: string }> {
  if (path.endsWith('.md')) return prose(text);
  const hash = path.endsWith('.py');
  const blocks: Array<{ line: number; text: string }> = [];
  let open: { line: number; text: string } | null = null;
  text.split('\n').forEach((raw, i) => {
    const t = raw.trim();
    const whole = hash ? /^#(?!!)\s?(.*)$/.exec(t) : /^(?:\/\/+|\/\*+|\*+(?!\/))\s?(.*?)(?:\*\/)?$/.exec(t);
    const trailing = whole ? null : (hash ? /\s#\s(.*)$/ : /\s\/\/\s(.*)$/).exec(raw);
    const comment = whole?.[1] ?? trailing?.[1];
    if (comment === undefined) {
      open = null;
      return;
    }
    if (open && whole) open.text += ` ${comment}`;
    else blocks.push((open = { line: i + 1, text: comment }));
    if (trailing) open = null;
  });
  return blocks;
}

interface Problem {
  at: string;
  problem: string;
}

const markdownCache = new Map<string, string>();
const read = (path: string) => {
  if (!markdownCache.has(path)) markdownCache.set(path, readFileSync(path, 'utf8'));
  return markdownCache.get(path)!;
};

/** The file a citation names: README is the root README; a path is taken from the root, then from the citing file. */
function citedFile(name: string, citing: string): string | null | 'outside' {
  if (name === 'README' || name === 'README.md') return join(root, 'README.md');
  for (const candidate of [join(root, name), join(dirname(citing), name)]) if (existsSync(candidate)) return candidate;
  // A bare name that is not in the repository (CONTRACT.md, SPEC.md live in ../shared): not checked here.
  return name.includes('/') ? null : 'outside';
}

const CITATION = /((?:[\w.-]+\/)*[\w.-]+\.md|\bREADME)\)?,? "([^"\n]+)"/g;
const UNQUOTED = /\bREADME(?:\.md)?,? ([A-Z][\w-]*)/g;
const DEPARTURE = /\bdepartures? (\d+)\b/g;
const LINK = /\[[^\]\n]*\]\(([^)\s]+)\)/g;

/** What is wrong with the citations and links of one file. */
function problemsOf(path: string, text: string): Problem[] {
  const problems: Problem[] = [];
  const where = (line: number) => `${relative(root, path)}:${line}`;
  const departures = headings(read(join(root, 'docs/departures.md')));
  for (const block of commentBlocks(path, text)) {
    for (const [, name, heading] of block.text.matchAll(CITATION)) {
      const file = citedFile(name!, path);
      if (file === 'outside') continue;
      if (file === null) problems.push({ at: where(block.line), problem: `${name} does not exist` });
      else if (!headings(read(file)).includes(heading!))
        problems.push({ at: where(block.line), problem: `${name} has no heading "${heading}"` });
    }
    for (const [, word] of block.text.matchAll(UNQUOTED))
      if (!headings(read(join(root, 'README.md'))).includes(word!))
        problems.push({
          at: where(block.line),
          problem: `README ${word}: cite a heading in quotes, docs/<page>.md "Heading" or README "Heading"`,
        });
    for (const [, n] of block.text.matchAll(DEPARTURE))
      if (!departures.some((h) => h.startsWith(`${n}. `)))
        problems.push({ at: where(block.line), problem: `docs/departures.md has no departure ${n}` });
    if (!path.endsWith('.md')) continue;
    for (const [, target] of block.text.matchAll(LINK)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const [file, anchor] = target!.split('#');
      const linked = file ? join(dirname(path), file) : path;
      if (!existsSync(linked)) problems.push({ at: where(block.line), problem: `link to ${file}: no such file` });
      else if (anchor && (!linked.endsWith('.md') || !headings(read(linked)).map(slug).includes(anchor)))
        problems.push({ at: where(block.line), problem: `link to ${target}: no such heading` });
    }
  }
  return problems;
}

const files = [join(root, 'README.md'), ...SCANNED.flatMap((p) => walk(join(root, p)))];

describe('references to the documentation', () => {
  it('name a file and a heading that exist, in the code and in the Markdown', () => {
    const problems = files.flatMap((path) => problemsOf(path, readFileSync(path, 'utf8')));
    expect(problems).toEqual([]);
  });

  it('are found where the code cites them', () => {
    const cited = files.flatMap((path) =>
      commentBlocks(path, readFileSync(path, 'utf8')).flatMap((b) => [...b.text.matchAll(CITATION)]),
    );
    // The code cites the docs in dozens of places: a scanner that finds none would pass the test above for nothing.
    expect(cited.length).toBeGreaterThan(50);
    expect(readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).length).toBeGreaterThan(5);
  });

  it('fail on a heading that is not there, an unquoted README section, a lost departure and a dead link', () => {
    const code = join(root, 'src/example.ts');
    const cite = (text: string) => problemsOf(code, text).map((p) => p.problem);
    expect(cite('// see docs/security.md "Security"')).toEqual([]);
    expect(cite('// see docs/security.md "Safety"')).toEqual(['docs/security.md has no heading "Safety"']);
    expect(cite('// see docs/nowhere.md "Security"')).toEqual(['docs/nowhere.md does not exist']);
    expect(cite('/**\n * wraps (docs/reliability.md\n * "Start-up, clocks and tabs").\n */')).toEqual([]);
    expect(cite('// (README Security)')).toHaveLength(1);
    expect(cite('// (departure 10), (departure 99)')).toEqual(['docs/departures.md has no departure 99']);
    expect(cite('const s = "README Security"; // code, not a comment')).toEqual([]);
    const page = join(root, 'docs/example.md');
    const link = (text: string) => problemsOf(page, text).map((p) => p.problem);
    expect(link('[r](reliability.md#start-up-clocks-and-tabs) and [s](security.md)')).toEqual([]);
    expect(link('[r](reliability.md#start-up)')).toEqual(['link to reliability.md#start-up: no such heading']);
    expect(link('```\n[not a link](nowhere.md)\n```')).toEqual([]);
  });

  it('anchor headings the way GitHub does', () => {
    expect(slug('Deploy to Firebase Hosting (`npm run deploy`)')).toBe('deploy-to-firebase-hosting-npm-run-deploy');
    expect(slug('Start-up, clocks and tabs')).toBe('start-up-clocks-and-tabs');
    expect(slug('Host → page')).toBe('host--page');
  });
});
