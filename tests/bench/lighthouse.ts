// Lighthouse 12 as the outside judge of the bench: mobile and desktop, on /auth and on a signed-in page, in Debian's
// Chromium. Google's servers are the engines' offline proxy (tests/engines/offline-internet.ts: the gapi stand-in,
// everything else refused), so nothing reaches the internet; the stack stays on loopback, which the proxy never sees.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, chromiumLaunchOptions } from '../../harness/browser';
import { freePort } from '../../harness/ports';
import { startOfflineInternet } from '../engines/offline-internet';
// Lighthouse's median run, as its CLI and PageSpeed Insights pick it.
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';

export type FormFactor = 'mobile' | 'desktop';

export interface LighthouseScores {
  page: string;
  formFactor: FormFactor;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** The ids of the audits that lost points, for the note. */
  failing: string[];
  /** Why Lighthouse could not measure the page (its runtimeError: code and message), when it could not. */
  error?: string;
  /** The runtimeError codes of the runs Lighthouse lost before this one, which it ran again. */
  lostRuns: string[];
  /** Each run's performance score, in the order run; the scores above are the median run's. */
  runScores: number[];
}

interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { score: number | null; numericValue?: number; scoreDisplayMode: string }>;
  runtimeError?: { code: string; message: string };
}
type Lighthouse = (url: string, flags: Record<string, unknown>, config?: unknown) => Promise<{ lhr: Lhr } | undefined>;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** How many runs of one page Lighthouse may lose (runtimeError) before its failure is the figure. */
const MAX_LOST_RUNS = 2;

/** A page Lighthouse measures: `label` names it in the table (its path by default), in each of `formFactors`. */
export interface LighthousePage {
  url: string;
  signedIn: boolean;
  label?: string;
  formFactors?: FormFactor[];
  /** How many times to run it; more than one reports Lighthouse's median run (docs/performance.md). */
  runs?: number;
}

/**
 * Runs Lighthouse on each of `pages` (absolute URLs; `signedIn` ones after `signIn` ran in the same browser profile)
 * for each of its form factors (both by default), and returns their scores.
 */
export async function runLighthouse(
  pages: LighthousePage[],
  signIn: (page: import('playwright').Page) => Promise<void>,
): Promise<LighthouseScores[]> {
  const lighthouse = (await import('lighthouse')).default as unknown as Lighthouse;
  const desktopConfig = (await import('lighthouse/core/config/desktop-config.js')).default as unknown;
  const internet = await startOfflineInternet();
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const port = await freePort();
  // A persistent profile: Lighthouse's tab opens in the default context, where the signed-in session is kept.
  const browser = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions(),
    args: [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${port}`,
      `--proxy-server=http://127.0.0.1:${internet.port}`,
      '--ignore-certificate-errors',
    ],
  });
  const results: LighthouseScores[] = [];
  try {
    let signedIn = false;
    for (const target of pages) {
      if (target.signedIn && !signedIn) {
        const page = await browser.newPage();
        await signIn(page);
        await page.close();
        signedIn = true;
      }
      for (const formFactor of target.formFactors ?? (['mobile', 'desktop'] as const)) {
        const run = async () => {
          const result = await lighthouse(
            target.url,
            {
              port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: CATEGORIES,
              // Lighthouse clears the origin's storage first, which would sign the user out.
              disableStorageReset: target.signedIn,
            },
            formFactor === 'desktop' ? desktopConfig : undefined,
          );
          if (!result) throw new Error(`Lighthouse gave no result for ${target.url}`);
          return result.lhr;
        };
        // Lighthouse 12 sometimes loses the trace of a load (NO_NAVSTART: "Please run Lighthouse again"), a failure of
        // the recording, not of the page. It runs again, twice at most, and the table says so.
        const lostRuns: string[] = [];
        const measured: Lhr[] = [];
        for (let i = 0; i < (target.runs ?? 1); i++) {
          let lhr = await run();
          while (lhr.runtimeError && lostRuns.length < MAX_LOST_RUNS) {
            lostRuns.push(lhr.runtimeError.code);
            lhr = await run();
          }
          measured.push(lhr);
        }
        // Several runs: Lighthouse's own median run (closest to the median FCP and TTI), with every run's score.
        const valid = filterToValidRuns(measured);
        const lhr = valid.length ? computeMedianRun(valid) : measured[0]!;
        results.push({
          ...scores(lhr, target.label ?? new URL(target.url).pathname, formFactor),
          lostRuns,
          runScores: measured.map((m) => Math.round((m.categories.performance?.score ?? 0) * 100)),
        });
      }
    }
  } finally {
    await browser.close().catch(() => undefined);
    await internet.stop();
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
}

function scores(lhr: Lhr, page: string, formFactor: FormFactor): Omit<LighthouseScores, 'lostRuns' | 'runScores'> {
  const category = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failing = CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .filter((ref) => {
        const audit = lhr.audits[ref.id];
        return audit && audit.scoreDisplayMode !== 'notApplicable' && audit.score !== null && audit.score < 1;
      })
      .map((ref) => `${c}:${ref.id}`),
  );
  return {
    page,
    formFactor,
    performance: category('performance'),
    accessibility: category('accessibility'),
    bestPractices: category('best-practices'),
    seo: category('seo'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    failing,
    ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  };
}
