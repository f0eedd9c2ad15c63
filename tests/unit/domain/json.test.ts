// src/domain/json.ts: the readers every decoder of untrusted JSON is built from.
import { describe, expect, it } from 'vitest';
import { finiteNumber, isoDate, isRecord, optString } from '../../../src/domain/json';

describe('readers of untrusted JSON', () => {
  it('tells an object from null, an array and a primitive', () => {
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(null)).toBe(false);
    expect(isRecord([])).toBe(false);
    expect(isRecord('x')).toBe(false);
  });

  it('reads a non-empty string, and nothing else', () => {
    expect(optString('a')).toBe('a');
    expect(optString('')).toBeNull();
    expect(optString(3)).toBeNull();
  });

  it('reads a finite number, also from a string', () => {
    expect(finiteNumber(5)).toBe(5);
    expect(finiteNumber('12.5')).toBe(12.5);
    expect(finiteNumber(' ')).toBeNull();
    expect(finiteNumber('12abc')).toBeNull();
    expect(finiteNumber(Infinity)).toBeNull();
    expect(finiteNumber(NaN)).toBeNull();
    expect(finiteNumber(true)).toBeNull();
  });

  it('reads a date from milliseconds or a string, as ISO 8601', () => {
    expect(isoDate(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoDate('2026-11-26T10:00:00Z')).toBe('2026-11-26T10:00:00.000Z');
    expect(isoDate('not a date')).toBeNull();
    expect(isoDate('')).toBeNull();
    expect(isoDate(Infinity)).toBeNull();
    expect(isoDate(8.64e15 + 1)).toBeNull();
    expect(isoDate({})).toBeNull();
  });
});
