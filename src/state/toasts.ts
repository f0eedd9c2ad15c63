// Toast notifications (SPEC 4 kinds): a short queue that never grows without bound.
import { proxy } from 'valtio';

export type ToastKind = 'default' | 'info' | 'success' | 'warning' | 'error' | 'loading';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export const MAX_TOASTS = 3;
const DURATION_MS: Record<ToastKind, number | null> = {
  default: 5000,
  info: 5000,
  success: 5000,
  warning: 7000,
  error: 8000,
  loading: null,
};

export const toasts = proxy({ items: [] as Toast[] });
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a toast and returns its id; the oldest goes when more than MAX_TOASTS are up. Same text twice is shown once. */
export function showToast(kind: ToastKind, text: string): number {
  const existing = toasts.items.find((t) => t.text === text && t.kind === kind);
  if (existing) dismissToast(existing.id);
  const id = nextId++;
  toasts.items.push({ id, kind, text });
  while (toasts.items.length > MAX_TOASTS) dismissToast(toasts.items[0]!.id);
  const duration = DURATION_MS[kind];
  if (duration !== null) timers.set(id, setTimeout(() => dismissToast(id), duration));
  return id;
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) clearTimeout(timer);
  timers.delete(id);
  const index = toasts.items.findIndex((t) => t.id === id);
  if (index >= 0) toasts.items.splice(index, 1);
}

export function clearToasts(): void {
  for (const t of [...toasts.items]) dismissToast(t.id);
}
