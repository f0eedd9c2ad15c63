// Toast notifications (SPEC 4 kinds): a short queue that never grows without bound, timers that pause while read.
import { proxy } from 'valtio';
import { MAX_TOASTS, TOAST_DURATION_MS } from '../domain/constants';

export type ToastKind = 'default' | 'info' | 'success' | 'warning' | 'error' | 'loading';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export interface ToastOptions {
  /** Milliseconds before it goes by itself; null keeps it until dismissed. Defaults by kind (loading: null). */
  duration?: number | null;
}

export const toasts = proxy({ items: [] as Toast[], paused: false });

interface Timer {
  /** Time left when paused, or at the last (re)start. */
  remaining: number;
  startedAt: number;
  handle: ReturnType<typeof setTimeout> | null;
}

// Outside the store: an id counter and the timers' handles below, never rendered.
let nextId = 1;
const timers = new Map<number, Timer>();

function startTimer(id: number, duration: number | null): void {
  stopTimer(id);
  if (duration === null) return;
  const timer: Timer = { remaining: duration, startedAt: Date.now(), handle: null };
  timers.set(id, timer);
  if (!toasts.paused) timer.handle = setTimeout(() => dismissToast(id), duration);
}

function stopTimer(id: number): void {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
}

/**
 * Shows a toast and returns its id. The same text and kind twice is shown once (the newer one stays);
 * with more than MAX_TOASTS up, the oldest goes.
 */
export function showToast(kind: ToastKind, text: string, options: ToastOptions = {}): number {
  const existing = toasts.items.find((t) => t.text === text && t.kind === kind);
  if (existing) dismissToast(existing.id);
  const id = nextId++;
  toasts.items.push({ id, kind, text });
  while (toasts.items.length > MAX_TOASTS) dismissToast(toasts.items[0]!.id);
  startTimer(id, options.duration === undefined ? TOAST_DURATION_MS[kind] : options.duration);
  return id;
}

export function dismissToast(id: number): void {
  stopTimer(id);
  const index = toasts.items.findIndex((t) => t.id === id);
  if (index >= 0) toasts.items.splice(index, 1);
  // The region hides when empty, so no mouseleave or blur may come to resume: nothing is left to pause anyway.
  if (toasts.items.length === 0) toasts.paused = false;
}

/** Every toast goes: a change of user (sign-out-resets.ts), so no one reads another's messages. */
export function clearToasts(): void {
  for (const t of [...toasts.items]) dismissToast(t.id);
}

/** While the pointer or focus is on the toasts, nothing goes by itself (WCAG 2.2.1 timing adjustable). */
export function pauseToasts(now = Date.now()): void {
  if (toasts.paused) return;
  toasts.paused = true;
  for (const timer of timers.values()) {
    if (timer.handle) clearTimeout(timer.handle);
    timer.handle = null;
    timer.remaining = Math.max(0, timer.remaining - (now - timer.startedAt));
  }
}

export function resumeToasts(now = Date.now()): void {
  if (!toasts.paused) return;
  toasts.paused = false;
  for (const [id, timer] of timers) {
    timer.startedAt = now;
    // A little time to finish reading the one just left.
    timer.remaining = Math.max(timer.remaining, 1000);
    timer.handle = setTimeout(() => dismissToast(id), timer.remaining);
  }
}
