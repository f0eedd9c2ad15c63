// Reading JSON that nobody vouches for (the backend's answers, stored values, language files): one small pattern of
// readers that take `unknown` and give a typed value or null. Measured against a schema library (valibot 1.x) for the
// backend's decoders: 3,309 B gzip against these 1,383 B, so the portal keeps its own (docs/architecture.md).

/** A JSON object (not null, not an array). */
export type JsonRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A non-empty string, else null. */
export const optString = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A finite number, or a string that holds one; else null. */
export function finiteNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** A date as milliseconds or as a string `Date.parse` reads, in ISO 8601; else null. */
export function isoDate(value: unknown): string | null {
  const time = typeof value === 'number' ? value : typeof value === 'string' && value ? Date.parse(value) : NaN;
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
