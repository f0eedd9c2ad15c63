// Prices, dates, times and days to expiry in the language in use (catalogue.ts): the signed-in pages' formatting, apart
// from the catalogue, whose message() and plural() /auth needs. src/chunks/app-layout.ts carries it.
import { cached, message, plural } from './catalogue';

/** "$5.99" for ('5.99', 'USD') in en-US, "5,99 $" in German; `amount` may be the backend's decimal string. */
export function formatPrice(amount: string | number, currency = 'USD'): string {
  return cached(currency, (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency })).format(
    Number(amount),
  );
}

/** "March 5, 2025" (long) or "Mar 5, 2025" (medium) in en-US; null when `value` is missing or unreadable. `timeZone` for tests. */
export function formatDate(
  value: string | number | Date | null | undefined,
  style: 'long' | 'medium' = 'long',
  timeZone?: string,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return cached(
    `${style}|${timeZone ?? ''}`,
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: style, ...(timeZone ? { timeZone } : {}) }),
  ).format(date);
}

/** "10:42:07 AM" in en-US: a clock time in the portal's locale. */
export function formatTime(value: string | number | Date): string {
  return cached('time', (locale) => new Intl.DateTimeFormat(locale, { timeStyle: 'medium' })).format(new Date(value));
}

/** "Expires today", "Expires tomorrow" or "Expires in N days" for the calendar days left (domain's expiryDays). */
export function expiryText(days: number): string {
  if (days <= 0) return message('expiresToday');
  if (days === 1) return message('expiresTomorrow');
  return plural(days, 'expiresInDays');
}
