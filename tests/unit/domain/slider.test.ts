import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SLIDER_STEP } from '../../../src/domain/constants';
import { percentAfterKey, percentAt, SLIDER_START } from '../../../src/domain/slider';

/** The position under a pointer at `x` over a box 100 px wide from 0: the pointer's x as a percent, then clamped. */
const at = (x: number) => percentAt(x, 0, 100);

describe('the position is clamped to 0-100', () => {
  it('keeps 0-100 and clamps the rest', () => {
    expect([at(-5), at(0), at(42.5), at(100), at(130)]).toEqual([0, 0, 42.5, 100, 100]);
    expect([at(-Infinity), at(Infinity)]).toEqual([0, 100]);
  });

  it('sends NaN to the start', () => {
    expect(at(Number.NaN)).toBe(SLIDER_START);
    expect(percentAfterKey('ArrowRight', Number.NaN)).toBe(SLIDER_START);
  });

  it('is always within 0-100, by pointer or by key', () => {
    const within = (v: number | null) => v !== null && v >= 0 && v <= 100;
    const keys = fc.constantFrom(
      'ArrowLeft',
      'ArrowRight',
      'ArrowUp',
      'ArrowDown',
      'PageUp',
      'PageDown',
      'Home',
      'End',
    );
    fc.assert(fc.property(fc.double(), (v) => within(at(v))));
    fc.assert(fc.property(keys, fc.double(), (key, v) => within(percentAfterKey(key, v))));
  });
});

describe('the slider starts at 50 and steps by 5', () => {
  it('has the constants of SPEC 9', () => {
    expect(SLIDER_START).toBe(50);
    expect(SLIDER_STEP).toBe(5);
  });
});

describe('percentAt', () => {
  it('maps a pointer over the box to a percent', () => {
    expect(percentAt(100, 100, 400)).toBe(0);
    expect(percentAt(300, 100, 400)).toBe(50);
    expect(percentAt(500, 100, 400)).toBe(100);
  });

  it('clamps pointers outside the box (a drag that leaves it)', () => {
    expect(percentAt(20, 100, 400)).toBe(0);
    expect(percentAt(900, 100, 400)).toBe(100);
  });

  it('stays at the start for a box with no width', () => {
    expect(percentAt(10, 0, 0)).toBe(50);
  });
});

describe('percentAfterKey', () => {
  it('moves 5 with the arrow keys', () => {
    expect(percentAfterKey('ArrowLeft', 50)).toBe(45);
    expect(percentAfterKey('ArrowRight', 50)).toBe(55);
    expect(percentAfterKey('ArrowDown', 50)).toBe(45);
    expect(percentAfterKey('ArrowUp', 50)).toBe(55);
  });

  it('never leaves 0-100', () => {
    expect(percentAfterKey('ArrowLeft', 2)).toBe(0);
    expect(percentAfterKey('ArrowRight', 98)).toBe(100);
    expect(percentAfterKey('ArrowRight', 100)).toBe(100);
  });

  it('goes to the ends with Home and End, and by 20 with Page keys', () => {
    expect(percentAfterKey('Home', 70)).toBe(0);
    expect(percentAfterKey('End', 30)).toBe(100);
    expect(percentAfterKey('PageUp', 50)).toBe(70);
    expect(percentAfterKey('PageDown', 10)).toBe(0);
  });

  it('ignores other keys', () => {
    expect(percentAfterKey('a', 50)).toBeNull();
    expect(percentAfterKey('Tab', 50)).toBeNull();
  });
});
