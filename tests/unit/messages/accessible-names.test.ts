// A control's accessible name in every language (docs/architecture.md "Messages"): a short visible text and its name
// are each one whole catalogue text, so a translator can order the words, and the name contains what is seen (WCAG
// 2.5.3 Label in Name: a speech user says what they see). Two halves from two keys ("Manage" plus a hidden
// "subscription") read in English word order in every language; the scan below keeps that pattern out of src/ui.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tseslint } from '@portal/lint';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/messages/catalogue';
import devMessages from '../../../src/messages/dev-messages.json';

const ROOT = join(__dirname, '../../..');
const LOCALES = join(ROOT, 'src/messages/locales');
const languages: Record<string, Record<string, unknown>> = {
  en: messages,
  ...Object.fromEntries(
    readdirSync(LOCALES)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(LOCALES, f), 'utf8')) as Record<string, unknown>]),
  ),
};

/**
 * The catalogue's naming convention: `<key>Label` is the accessible name (aria-label) of a control that shows `<key>`,
 * and `<key>Short` is what a control shows (aria-hidden) when `<key>` is its name (visually hidden).
 */
function namePairs(catalogue: Record<string, unknown>): Array<{ shown: string; name: string }> {
  const keys = Object.keys(catalogue);
  return [
    ...keys.filter((k) => keys.includes(`${k}Label`)).map((k) => ({ shown: k, name: `${k}Label` })),
    ...keys
      .filter((k) => k.endsWith('Short') && keys.includes(k.slice(0, -5)))
      .map((k) => ({ shown: k, name: k.slice(0, -5) })),
  ];
}

describe('label in name (WCAG 2.5.3)', () => {
  const pairs = namePairs(messages);

  it('finds the pairs the portal uses by the convention', () => {
    expect(pairs).toEqual(
      expect.arrayContaining([
        { shown: 'manageSubscription', name: 'manageSubscriptionLabel' },
        { shown: 'upgradeToPro', name: 'upgradeToProLabel' },
        { shown: 'editUsername', name: 'editUsernameLabel' },
        { shown: 'showPasswordShort', name: 'showPassword' },
        { shown: 'hidePasswordShort', name: 'hidePassword' },
      ]),
    );
    expect(namePairs(devMessages)).toEqual(
      expect.arrayContaining([
        { shown: 'devRefresh', name: 'devRefreshLabel' },
        { shown: 'devCopy', name: 'devCopyLabel' },
        { shown: 'devCopied', name: 'devCopiedLabel' },
      ]),
    );
  });

  it.each(Object.keys(languages))('%s: every accessible name contains its visible text', (tag) => {
    const texts = languages[tag]!;
    const lower = (key: string) => String(texts[key]).toLocaleLowerCase(tag === 'en' ? 'en' : tag);
    const missing = pairs.filter(({ shown, name }) => !lower(name).includes(lower(shown)));
    expect(missing.map(({ shown, name }) => `${name} "${texts[name]}" lacks ${shown} "${texts[shown]}"`)).toEqual([]);
  });

  it('development labels: every accessible name contains its visible text', () => {
    const missing = namePairs(devMessages).filter(
      ({ shown, name }) =>
        !devMessages[name as keyof typeof devMessages].includes(devMessages[shown as keyof typeof devMessages]),
    );
    expect(missing).toEqual([]);
  });
});

// ---- The source scan: no control's name built from a visible text and a visually hidden one.

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };

/** The controls whose name comes from their content. */
const CONTROLS = new Set(['button', 'a', 'Link']);
/** Calls that put a catalogue text on the page. */
const TEXT_CALLS = new Set(['message', 'devMessage', 'plural']);
/**
 * Hidden notes that may follow a visible name: a whole text of their own, in brackets, that reads after any name in
 * every language ("Privacy Policy (opens in a new tab)").
 */
const SUFFIX_NOTES = new Set(['opensInNewTab']);

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function children(node: Node): Node[] {
  return Object.entries(node)
    .filter(([key]) => key !== 'parent' && key !== 'loc' && key !== 'range')
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .filter(isNode);
}

/** Every literal's value under `node`. */
function values(node: Node): unknown[] {
  if (node.type === 'Literal') return [node.value];
  return children(node).flatMap(values);
}

/** Every string literal under `node`: the keys a `message(cond ? 'a' : 'b')` may show. */
const literals = (node: Node): string[] => values(node).filter((v): v is string => typeof v === 'string');

function tagName(element: Node): string {
  const name = (element.openingElement as Node).name as Node;
  return name.type === 'JSXIdentifier' ? String(name.name) : '';
}

function attribute(element: Node, name: string): Node | undefined {
  const attributes = (element.openingElement as Node).attributes as Node[];
  return attributes.find((a) => a.type === 'JSXAttribute' && (a.name as Node).name === name);
}

function isVisuallyHidden(element: Node): boolean {
  const className = attribute(element, 'className');
  return !!className && literals(className).some((c) => c.split(/\s+/).includes('visually-hidden'));
}

function isAriaHidden(element: Node): boolean {
  const hidden = attribute(element, 'aria-hidden');
  if (!hidden) return false;
  const value = hidden.value as Node | null;
  return !value || values(value).some((v) => v === true || v === 'true');
}

const isTextCall = (node: Node) =>
  node.type === 'CallExpression' && isNode(node.callee) && TEXT_CALLS.has(String(node.callee.name));

/** The catalogue keys shown under `node`. */
function textKeys(node: Node): string[] {
  if (isTextCall(node)) return (node.arguments as Node[]).slice(0, 1).flatMap(literals);
  return children(node).flatMap(textKeys);
}

/** What a visually hidden element says: catalogue keys, or `{...}` for any other expression or text. */
function hiddenParts(node: Node): string[] {
  if (node.type === 'JSXText') return String(node.value).trim() ? ['{text}'] : [];
  if (node.type === 'JSXExpressionContainer') {
    const expression = node.expression as Node;
    if (expression.type === 'JSXEmptyExpression') return [];
    return isTextCall(expression) ? textKeys(expression) : ['{expression}'];
  }
  return textKeys(node);
}

/** The keys of a control's content: read and seen, seen only (aria-hidden), read only (visually hidden). */
function contentKeys(control: Node) {
  const keys = { visible: [] as string[], seenOnly: [] as string[], hidden: [] as string[][] };
  const visit = (node: Node, into: 'visible' | 'seenOnly') => {
    if (node.type === 'JSXElement') {
      if (CONTROLS.has(tagName(node))) return;
      if (isVisuallyHidden(node)) return void keys.hidden.push((node.children as Node[]).flatMap(hiddenParts));
      if (isAriaHidden(node)) into = 'seenOnly';
      // Attributes are not content.
      for (const child of node.children as Node[]) visit(child, into);
      return;
    }
    if (isTextCall(node)) return void keys[into].push(...textKeys(node));
    for (const child of children(node)) visit(child, into);
  };
  for (const child of control.children as Node[]) visit(child, 'visible');
  return keys;
}

/** What is wrong with the controls of one TSX source, as "line: problem". */
function splitNames(code: string): string[] {
  const { ast } = tseslint.parser.parseForESLint(code, { ecmaFeatures: { jsx: true }, loc: true, range: true });
  const problems: string[] = [];
  const walk = (node: Node) => {
    if (node.type === 'JSXElement' && CONTROLS.has(tagName(node))) {
      const line = node.loc?.start.line ?? 0;
      const { visible, seenOnly, hidden } = contentKeys(node);
      for (const keys of hidden) {
        if (visible.length && !keys.every((k) => SUFFIX_NOTES.has(k)))
          problems.push(`${line}: visible ${visible.join('/')} followed by hidden ${keys.join('/')}`);
        for (const seen of seenOnly)
          if (!keys.includes(seen.replace(/Short$/, '')) || !seen.endsWith('Short'))
            problems.push(`${line}: shows ${seen}, named ${keys.join('/')}: the name must be the <key> of <key>Short`);
      }
      const label = attribute(node, 'aria-label');
      if (label && visible.length)
        for (const key of textKeys(label))
          if (!key.endsWith('Label') || !visible.includes(key.slice(0, -5)))
            problems.push(`${line}: aria-label ${key} does not name ${visible.join('/')}: use <key>Label for <key>`);
    }
    for (const child of children(node)) walk(child);
  };
  walk(ast as unknown as Node);
  return problems;
}

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? tsxFiles(join(dir, entry.name)) : entry.name.endsWith('.tsx') ? [join(dir, entry.name)] : [],
  );
}

describe('no control named by a visible text plus a hidden one', () => {
  it('finds the pattern it forbids, and passes the whole-text name', () => {
    const split = `const a = (
      <Link to="/subscription">
        {view.isPro ? (
          <>
            {message('manageSubscription')}
            <span className="visually-hidden"> {message('manageSubscriptionHidden')}</span>
          </>
        ) : null}
      </Link>
    );`;
    expect(splitNames(split)).toEqual(['2: visible manageSubscription followed by hidden manageSubscriptionHidden']);
    const whole = `const a = (
      <Link to="/subscription" aria-label={message(pro ? 'manageSubscriptionLabel' : 'upgradeToProLabel')}>
        {message(pro ? 'manageSubscription' : 'upgradeToPro')}
      </Link>
    );`;
    expect(splitNames(whole)).toEqual([]);
    const mismatched = `const a = <button aria-label={message('editUsernameLabel')}>{message('save')}</button>;`;
    expect(splitNames(mismatched)).toEqual([
      '1: aria-label editUsernameLabel does not name save: use <key>Label for <key>',
    ]);
    const note = `const a = <a href={x}>{message('privacyPolicy')}<span className="visually-hidden"> {message('opensInNewTab')}</span></a>;`;
    expect(splitNames(note)).toEqual([]);
    const short = `const a = (
      <button>
        <span aria-hidden="true">{message(on ? 'hidePasswordShort' : 'showPasswordShort')}</span>
        <span className="visually-hidden">{message(on ? 'hidePassword' : 'showPassword')}</span>
      </button>
    );`;
    expect(splitNames(short)).toEqual([]);
  });

  // Parsing every component takes a second or two, more on a busy 2-core machine.
  it('holds in every component of src/ui', { timeout: 30_000 }, () => {
    const files = tsxFiles(join(ROOT, 'src/ui'));
    expect(files.length).toBeGreaterThan(20);
    const problems = files.flatMap((file) =>
      splitNames(readFileSync(file, 'utf8')).map((problem) => `${relative(ROOT, file)}:${problem}`),
    );
    expect(problems).toEqual([]);
  });
});
