// @vitest-environment jsdom
// The page's language and its files (src/state/language.ts): the entry's texts at start, the pages' texts once a
// page's chunk is asked for, both at once on a switch; a file that fails, or comes late, never leaves a wrong page.
import { act, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LanguageTag } from '../../../src/messages/languages';

type Catalogue = typeof import('../../../src/messages/catalogue');
type Language = typeof import('../../../src/state/language');

const entryFile = (tag: string) => `/locales/${tag}-h.json`;
const pagesFile = (tag: string) => `/locales/${tag}-h.pages.json`;

/** The answers the fake network gives: each request waits until the test answers it (null: a 404). */
function network() {
  const asked: string[] = [];
  const waiting = new Map<string, (body: unknown) => void>();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string) =>
        new Promise((resolve) => {
          asked.push(url);
          waiting.set(url, (body) => resolve({ ok: body !== null, json: () => Promise.resolve(body) }));
        }),
    ),
  );
  return {
    asked,
    answer: async (url: string, body: unknown) => {
      const reply = waiting.get(url);
      if (!reply) throw new Error(`${url} was not asked for`);
      reply(body);
      await settle();
    },
  };
}

/** Lets every answered promise run on. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A page's chunk arriving: it adds its English texts, which the language's pages' file lists in this order. */
const PAGE_TEXTS = { testPageTitle: 'Page title', testPageHint: 'A hint' };

/** The portal at start in `start`, with files for German and French (a split build's: the entry's, the pages'). */
async function start(start: LanguageTag): Promise<{ catalogue: Catalogue; language: Language }> {
  vi.resetModules();
  vi.doMock('../../../src/state/language-early', () => ({
    offeredLanguages: ['en', 'de', 'fr'],
    startLanguage: start,
    filesOf: (tag: string) => (tag === 'en' ? null : [entryFile(tag), pagesFile(tag)]),
  }));
  const catalogue = await import('../../../src/messages/catalogue');
  const language = await import('../../../src/state/language');
  return { catalogue, language };
}

/** A language's entry file: a text for each of the entry's keys (here, every key but the test's pages'), one translated. */
const entryTexts = (catalogue: Catalogue, heading: string) =>
  catalogue
    .textOrder()
    .filter((key) => !(key in PAGE_TEXTS))
    .map((key) => (key === 'welcomeHeading' ? heading : null));

const text = (catalogue: Catalogue, key: string) => catalogue.message(key as Parameters<Catalogue['message']>[0]);

/** Whether `promise` has settled yet. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await settle();
  return done;
}

beforeEach(() => {
  document.documentElement.lang = 'en';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the language at start', () => {
  it('needs only its own texts for the first render', async () => {
    const net = network();
    const { catalogue, language } = await start('de');
    expect(net.asked).toEqual([entryFile('de')]);
    expect(await settled(language.languageReady)).toBe(false);
    await net.answer(entryFile('de'), entryTexts(catalogue, 'Willkommen bei {product}'));
    expect(await settled(language.languageReady)).toBe(true);
    expect(text(catalogue, 'welcomeHeading')).toBe('Willkommen bei Dream Book');
    expect(document.documentElement.lang).toBe('de');
    expect(net.asked).toEqual([entryFile('de')]);
  });

  it("waits for the pages' texts too when a page is asked for before it is in use, so no English shows first", async () => {
    const net = network();
    const { catalogue, language } = await start('de');
    const page = language.pageTexts();
    expect(net.asked).toEqual([entryFile('de'), pagesFile('de')]);
    await net.answer(entryFile('de'), entryTexts(catalogue, 'Willkommen'));
    expect(await settled(language.languageReady)).toBe(false);
    catalogue.addTexts(PAGE_TEXTS);
    await net.answer(pagesFile('de'), ['Seitentitel', 'Ein Hinweis']);
    expect(await settled(language.languageReady)).toBe(true);
    expect(await settled(page)).toBe(true);
    expect(text(catalogue, 'welcomeHeading')).toBe('Willkommen');
    expect(text(catalogue, 'testPageTitle')).toBe('Seitentitel');
  });

  it('in English, asks for no file, not even for a page', async () => {
    const net = network();
    const { language } = await start('en');
    expect(await settled(language.languageReady)).toBe(true);
    expect(await settled(language.pageTexts())).toBe(true);
    expect(net.asked).toEqual([]);
  });
});

describe("the pages' texts", () => {
  async function inGerman() {
    const net = network();
    const { catalogue, language } = await start('de');
    await net.answer(entryFile('de'), entryTexts(catalogue, 'Willkommen'));
    return { net, catalogue, language };
  }

  it("are fetched once, with the first page's chunk, and are in use before it renders", async () => {
    const { net, catalogue, language } = await inGerman();
    const page = language.pageTexts();
    expect(net.asked).toEqual([entryFile('de'), pagesFile('de')]);
    // The chunk runs before its texts are here: they are English until the file comes, and the page waits for it.
    catalogue.addTexts(PAGE_TEXTS);
    expect(text(catalogue, 'testPageTitle')).toBe('Page title');
    expect(await settled(page)).toBe(false);
    await net.answer(pagesFile('de'), ['Seitentitel', 'Ein Hinweis']);
    expect(await settled(page)).toBe(true);
    expect(text(catalogue, 'testPageTitle')).toBe('Seitentitel');
    expect(text(catalogue, 'welcomeHeading')).toBe('Willkommen');
    expect(await settled(language.pageTexts())).toBe(true);
    expect(net.asked).toEqual([entryFile('de'), pagesFile('de')]);
  });

  it('that arrive before their chunk are read by it when it runs', async () => {
    const { net, catalogue, language } = await inGerman();
    const page = language.pageTexts();
    await net.answer(pagesFile('de'), ['Seitentitel', 'Ein Hinweis']);
    expect(await settled(page)).toBe(true);
    catalogue.addTexts(PAGE_TEXTS);
    expect(text(catalogue, 'testPageHint')).toBe('Ein Hinweis');
  });

  it("that cannot load show in English beside the language's own texts, and are asked for again by the next chunk", async () => {
    const { net, catalogue, language } = await inGerman();
    const page = language.pageTexts();
    catalogue.addTexts(PAGE_TEXTS);
    await net.answer(pagesFile('de'), null);
    expect(await settled(page)).toBe(true);
    expect(text(catalogue, 'testPageTitle')).toBe('Page title');
    expect(text(catalogue, 'welcomeHeading')).toBe('Willkommen');
    expect(language.language.tag).toBe('de');
    const next = language.pageTexts();
    expect(net.asked).toEqual([entryFile('de'), pagesFile('de'), pagesFile('de')]);
    await net.answer(pagesFile('de'), ['Seitentitel', 'Ein Hinweis']);
    expect(await settled(next)).toBe(true);
    expect(text(catalogue, 'testPageTitle')).toBe('Seitentitel');
  });

  it('that come after the wait show when they come: the texts change, so the page renders again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const net = network();
    const { catalogue, language } = await start('de');
    const answer = async (url: string, body: unknown) => {
      void net.answer(url, body);
      await vi.advanceTimersByTimeAsync(1);
    };
    await answer(entryFile('de'), entryTexts(catalogue, 'Willkommen'));
    const page = language.pageTexts();
    catalogue.addTexts(PAGE_TEXTS);
    let shown = false;
    void page.then(() => (shown = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(shown).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown).toBe(true);
    function Title() {
      language.useLanguage();
      return createElement('h1', null, text(catalogue, 'testPageTitle'));
    }
    render(createElement(Title));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page title');
    await act(() => answer(pagesFile('de'), ['Seitentitel', 'Ein Hinweis']));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Seitentitel');
  });

  it('come with every later switch of language, both files at once', async () => {
    const { net, catalogue, language } = await inGerman();
    void language.pageTexts();
    catalogue.addTexts(PAGE_TEXTS);
    await net.answer(pagesFile('de'), ['Seitentitel', 'Ein Hinweis']);
    const switched = language.chooseLanguage('fr');
    expect(net.asked.slice(-2)).toEqual([entryFile('fr'), pagesFile('fr')]);
    await net.answer(entryFile('fr'), entryTexts(catalogue, 'Bienvenue'));
    expect(await settled(switched)).toBe(false);
    expect(text(catalogue, 'welcomeHeading')).toBe('Willkommen');
    await net.answer(pagesFile('fr'), ['Titre de la page', null]);
    expect(await settled(switched)).toBe(true);
    expect(text(catalogue, 'welcomeHeading')).toBe('Bienvenue');
    expect(text(catalogue, 'testPageTitle')).toBe('Titre de la page');
    expect(text(catalogue, 'testPageHint')).toBe('A hint');
    expect(document.documentElement.lang).toBe('fr');
  });
});
