export interface TestTiming {
  name: string;
  file: string;
  ms: number;
  retries: number;
  status: string;
}
export const TIMINGS_DIR: string;
export const SLOWEST: number;
export const TEST_BUDGET_MS: number;
export function isLongJourneyLayer(layer: string): boolean;
export function clearTimings(): void;
export function writeTimings(layer: string, tests: TestTiming[]): void;
export function readTimings(): Array<{ layer: string; tests: TestTiming[] }>;
export function slowest(tests: TestTiming[], n?: number): TestTiming[];
export function slowestLines(layer: string, tests: TestTiming[], n?: number): string[];
