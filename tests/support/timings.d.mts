export interface TestTiming {
  name: string;
  file: string;
  ms: number;
  retries: number;
  status: string;
  error?: string;
}
export const TIMINGS_DIR: string;
export const SLOWEST: number;
export const TEST_BUDGET_MS: number;
export function isLongJourneyLayer(layer: string): boolean;
export function clearTimings(): void;
export function writeTimings(layer: string, tests: TestTiming[], errors?: string[]): void;
export function readTimings(): Array<{ layer: string; tests: TestTiming[]; errors?: string[] }>;
export function slowest(tests: TestTiming[], n?: number): TestTiming[];
export function slowestLines(layer: string, tests: TestTiming[], n?: number): string[];
export function firstErrorLine(message: string | undefined): string | undefined;
export function failedLines(timings: Array<{ layer: string; tests: TestTiming[]; errors?: string[] }>): string[];
