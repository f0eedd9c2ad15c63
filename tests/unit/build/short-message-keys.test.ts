// The build plugin that writes message keys as short codes, and the proof that it may: TypeScript's checker shows
// that every string literal it rewrites is a message key, and that only the catalogue is indexed by one.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
// TypeScript 7 (the project's compiler) has no JavaScript API yet: the checker is tools/lint's TypeScript 6.
import type * as TS from '../../../tools/lint/node_modules/typescript/lib/typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  KEPT_KEYS,
  catalogueKeys,
  codeTable,
  keyLiteralPattern,
  shortCode,
  shortenKeys,
} from '../../../tools/build/short-message-keys.mjs';
import { projectRoot } from '../../../harness/paths';
import { messages } from '../../../src/messages/catalogue';

const root = projectRoot();
const keys = catalogueKeys(readFileSync(join(root, CATALOGUE), 'utf8'));

describe('catalogueKeys and codeTable', () => {
  it('reads exactly the keys of the catalogue, in order', () => {
    expect(keys).toEqual(Object.keys(messages));
  });

  it('gives every key but the kept ones a distinct short code that is no key', () => {
    const table = codeTable(keys);
    const codes = [...table.values()];
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(keys).not.toContain(code);
    for (const key of keys) expect(table.has(key)).toBe(!KEPT_KEYS.has(key));
    expect(Math.max(...codes.map((c) => c.length))).toBeLessThanOrEqual(2);
  });

  it('counts a..z, A..Z, then two letters', () => {
    expect([0, 25, 26, 51, 52, 53, 52 + 52 * 52 - 1].map(shortCode)).toEqual(['a', 'z', 'A', 'Z', 'aa', 'ab', 'ZZ']);
  });
});

describe('shortenKeys', () => {
  const table = new Map([
    ['welcomeHeading', 'a'],
    ['loadingSlow', 'b'],
  ]);

  it('rewrites whole key literals and, in the catalogue, the keys', () => {
    const catalogue = [
      'export const messages = {',
      "  welcomeHeading: 'Welcome',",
      "  loadingSlow: 'Slow: welcomeHeading',",
      '  kept: "x",',
      '} as const;',
      "message('welcomeHeading');",
    ].join('\n');
    expect(shortenKeys(catalogue, table, { isCatalogue: true })).toBe(
      [
        'export const messages = {',
        "  a: 'Welcome',",
        "  b: 'Slow: welcomeHeading',",
        '  kept: "x",',
        '} as const;',
        "message('a');",
      ].join('\n'),
    );
  });

  it('leaves a longer literal, a property name and other files’ keys alone', () => {
    const source = `x('loadingSlowly'); y({ welcomeHeading: 1 }); z("loadingSlow");`;
    expect(shortenKeys(source, table)).toBe(`x('loadingSlowly'); y({ welcomeHeading: 1 }); z("b");`);
  });
});

/** What the checker says of each place in src where a key is spelt: the keys that may not be renamed, and why. */
function keysSpeltForOtherPurposes(): Map<string, string[]> {
  const ts = createRequire(join(root, 'tools/lint/package.json'))('typescript') as typeof TS;
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.browser.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  })!;
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  const checker = program.getTypeChecker();
  const catalogue = program.getSourceFile(join(root, CATALOGUE))!;
  const alias = catalogue.statements.find(
    (s): s is TS.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'CatalogueKey',
  )!;
  const codeType = checker.getTypeAtLocation(alias.name);
  const messageCodes = new Set(
    (codeType.isUnion() ? codeType.types : [codeType]).filter((t) => t.isStringLiteral()).map((t) => t.value),
  );
  expect(messageCodes.size).toBe(keys.length);

  /** True when every string member of `type` is a message key (and it has one): the place wants a MessageCode. */
  const wantsMessageCode = (type: TS.Type | undefined): boolean => {
    if (!type) return false;
    const strings = (type.isUnion() ? type.types : [type]).filter(
      (t) => (t.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0,
    );
    return strings.length > 0 && strings.every((t) => t.isStringLiteral() && messageCodes.has(t.value));
  };
  const literalValues = (type: TS.Type): string[] =>
    (type.isUnion() ? type.types : [type]).filter((t) => t.isStringLiteral()).map((t) => t.value);

  const found = new Map<string, string[]>();
  const flag = (key: string, file: TS.SourceFile, node: TS.Node, why: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.set(key, [...(found.get(key) ?? []), `${relative(root, file.fileName)}:${line + 1} ${why}`]);
  };
  const renamed = new Set(keys);
  // Every key, kept or not: what is found decides which keys must be kept.
  const pattern = keyLiteralPattern(new Map(keys.map((key) => [key, key])));

  for (const file of program.getSourceFiles()) {
    if (!relative(root, file.fileName).startsWith('src/') || file.isDeclarationFile) continue;
    const isCatalogue = file === catalogue;
    const literalSpans = new Set<number>();
    const visit = (node: TS.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        if (ts.isStringLiteral(node)) literalSpans.add(node.getStart(file));
        const key = node.text;
        const parent = node.parent;
        // Types are erased, and imports name modules: neither reaches the bundle as a key.
        if (
          !renamed.has(key) ||
          ts.isLiteralTypeNode(parent) ||
          ts.isImportDeclaration(parent) ||
          ts.isExportDeclaration(parent)
        )
          return;
        if (ts.isNoSubstitutionTemplateLiteral(node)) flag(key, file, node, 'a template literal is not rewritten');
        else if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node)
          flag(key, file, node, 'a quoted property name');
        else if (!wantsMessageCode(checker.getContextualType(node)))
          flag(
            key,
            file,
            node,
            `stands where the type is ${checker.typeToString(checker.getContextualType(node) ?? checker.getAnyType())}`,
          );
      } else if (ts.isElementAccessExpression(node) && !isCatalogue) {
        for (const value of literalValues(checker.getTypeAtLocation(node.argumentExpression)))
          if (renamed.has(value)) flag(value, file, node, 'indexes an object other than the catalogue');
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    // The plugin's pattern may only ever meet whole string literals (never part of a text, a comment or JSX text).
    const text = file.getFullText();
    for (const match of text.matchAll(pattern))
      if (!literalSpans.has(match.index))
        flag(match[2]!, file, file, `"${match[0]}" at ${match.index} is not a whole literal`);
  }
  return found;
}

describe('the rewrite is safe on src', () => {
  let found: Map<string, string[]>;
  beforeAll(() => {
    found = keysSpeltForOtherPurposes();
  }, 120_000);

  it('rewrites only literals that TypeScript types as a MessageCode', () => {
    const unsafe = [...found].filter(([key]) => !KEPT_KEYS.has(key));
    // A key listed here is spelt for another purpose: type the place as MessageCode, or add the key to KEPT_KEYS.
    expect(unsafe).toEqual([]);
  });

  it('keeps the names of no more keys than it must', () => {
    expect([...KEPT_KEYS].filter((key) => !found.has(key))).toEqual([]);
  });
});
