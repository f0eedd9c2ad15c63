import { describe, expect, it } from 'vitest';
import { failedLines, firstErrorLine } from '../../support/timings.mjs';

describe('firstErrorLine', () => {
  it('keeps the first line, without the terminal colours the runners add', () => {
    expect(firstErrorLine('\u001b[31mexpected 1 to be 2\u001b[39m\n  at tests/unit/x.test.ts:3:5')).toBe(
      'expected 1 to be 2',
    );
  });

  it('cuts a long line to 300 characters, saying so', () => {
    const line = firstErrorLine('x'.repeat(1000));
    expect(line).toHaveLength(300);
    expect(line?.endsWith('...')).toBe(true);
  });

  it('has nothing to say of no message', () => {
    expect(firstErrorLine(undefined)).toBeUndefined();
    expect(firstErrorLine('')).toBeUndefined();
  });
});

describe('failedLines', () => {
  const test = (name: string, status: string, error?: string) => ({
    name,
    file: 'tests/unit/a.test.ts',
    ms: 10,
    retries: 0,
    status,
    error,
  });

  it('names each failed or timed-out test by layer, file and name, with its error under it', () => {
    expect(
      failedLines([
        { layer: 'unit', tests: [test('passes', 'passed'), test('fails', 'failed', 'expected 1 to be 2')] },
        {
          layer: 'e2e',
          tests: [test('hangs', 'timedOut', 'Test timeout of 30000ms exceeded.'), test('skips', 'skipped')],
        },
      ]),
    ).toEqual([
      '  unit: tests/unit/a.test.ts › fails',
      '      expected 1 to be 2',
      '  e2e: tests/unit/a.test.ts › hangs',
      '      Test timeout of 30000ms exceeded.',
    ]);
  });

  it('says the errors that came from no test, and nothing when all passed', () => {
    expect(
      failedLines([{ layer: 'unit', tests: [test('passes', 'passed')], errors: ['Unhandled rejection'] }]),
    ).toEqual(['  unit: an error outside any test', '      Unhandled rejection']);
    expect(failedLines([{ layer: 'unit', tests: [test('passes', 'passed')] }])).toEqual([]);
  });
});
