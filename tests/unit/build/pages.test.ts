// Each page's HTML names its chunks (tools/build/pages.mjs); the table there must follow the routes' lazy imports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ON_DEMAND, PAGES, pageHtmlFor } from '../../../tools/build/pages.mjs';

const ROOT = join(__dirname, '../../..');
const routeChunks = (file: string) =>
  [...readFileSync(join(ROOT, file), 'utf8').matchAll(/import\('(?:\.\.\/)+chunks\/([\w-]+)'\)/g)].map(
    (m) => `src/chunks/${m[1]}.ts`,
  );

describe("the pages' HTML", () => {
  it('covers every chunk a route (or the welcome survey) loads lazily, and names no chunk that does not exist', () => {
    const lazy = new Set(
      ['src/routes/app.ts', 'src/routes/public.ts', 'src/ui/layout/RootLayout.tsx'].flatMap(routeChunks),
    );
    const named = new Set(PAGES.flatMap((page) => page.chunks));
    expect([...lazy].sort()).toEqual([...named, ...ON_DEMAND].sort());
    expect(ON_DEMAND.filter((chunk) => named.has(chunk))).toEqual([]);
  });

  it("preloads the credits page's comparison images, the ones the page shows", () => {
    const page = readFileSync(join(ROOT, 'src/ui/pages/CreditsPage.tsx'), 'utf8');
    const shown = [...page.matchAll(/src: '(\/images\/[\w.-]+)'/g)].map((m) => m[1]);
    const credits = PAGES.find((p) => p.path === '/credits')!;
    expect([...(credits.images ?? [])].sort()).toEqual(shown.sort());
    expect(shown).toHaveLength(2);
  });

  it("answers a page's path with its HTML, with or without a trailing slash, and any other path with index.html", () => {
    expect(pageHtmlFor('/')).toBe('account.html');
    expect(pageHtmlFor('/credits')).toBe('credits.html');
    expect(pageHtmlFor('/credits/')).toBe('credits.html');
    expect(pageHtmlFor('/auth')).toBe('index.html');
    expect(pageHtmlFor('/auth/redirect/x')).toBe('index.html');
    expect(pageHtmlFor('/no-such-page')).toBe('index.html');
  });
});
