// Types of tests/bench/render.mjs, for the TypeScript that imports it (its unit test).
export interface BenchRow {
  profile: string;
  measure: string;
  portal: string;
  floor: string;
  ratio: string;
  target: string;
  met: boolean | null;
}
/** The shape of tests/bench/results.json that the page uses; the bench writes more details beside it. */
export interface BenchResults {
  date: string;
  machine: string;
  seconds: number;
  parts?: string[];
  profiles?: string[];
  runs?: number;
  /** The runs of the desktop's cold loads and hand-offs (more than `runs`: tests/bench/bench.ts `runsOf`). */
  desktopRuns?: number;
  chromium?: string;
  /** The 15-minute load average when the run ended. */
  load15?: number;
  rows: BenchRow[];
  bundle?: {
    ownTop?: Array<{ module: string; bytes: number }>;
    localeFiles?: Record<string, number>;
    localePages?: Record<string, number>;
  };
  [detail: string]: unknown;
}
/** Every part of the bench, in the order it runs them: what `BENCH_ONLY` names. */
export declare const BENCH_PARTS: string[];
/** `name` when it is one of BENCH_PARTS; throws otherwise. */
export declare function benchPart(name: string): string;
/** The parts `BENCH_ONLY` asks for (undefined: all); throws on a name that is no part. */
export declare function partsAsked(value: string | undefined): string[] | undefined;
export declare const START: string;
export declare const END: string;
export declare function when(results: BenchResults): string;
export declare function partsOf(results: BenchResults): string[];
export declare function renderFigures(results: BenchResults): string;
export declare function renderPage(page: string, results: BenchResults): string;
export declare function renderPerformancePage(root?: string): string;
