// The before/after comparison slider's position rules (SPEC 2, 9): percent 0-100, starts at 50, keys move 5.
import { SLIDER_STEP } from './constants';

export const SLIDER_MIN = 0;
export const SLIDER_MAX = 100;
export const SLIDER_START = 50;

/** Clamps to 0-100; anything that is not a finite number (NaN from a zero-width box) goes to the start. */
function clampPercent(value: number): number {
  if (Number.isNaN(value)) return SLIDER_START;
  return Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, value));
}

/** The position under a pointer at `clientX` over a box starting at `left` and `width` wide. */
export function percentAt(clientX: number, left: number, width: number): number {
  if (!(width > 0)) return SLIDER_START;
  return clampPercent(((clientX - left) / width) * 100);
}

/** The new position after a key press, or null when the key does not move the slider (WAI-ARIA slider keys). */
export function percentAfterKey(key: string, value: number): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampPercent(value - SLIDER_STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampPercent(value + SLIDER_STEP);
    case 'PageDown':
      return clampPercent(value - SLIDER_STEP * 4);
    case 'PageUp':
      return clampPercent(value + SLIDER_STEP * 4);
    case 'Home':
      return SLIDER_MIN;
    case 'End':
      return SLIDER_MAX;
    default:
      return null;
  }
}
