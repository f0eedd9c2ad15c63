// The account export's name and version (GET /account/export): the backend names the file, the portal saves it so.

/**
 * The version of the export's format; harness/backend/account-export.schema.json describes it. 2: the subscription as
 * the backend holds it, an ended one too (`ended`, `isCancelled`), `owedCredits` and `paymentFailedAt`.
 */
export const EXPORT_FORMAT_VERSION = 2;

/** `{product}-account-YYYY-MM-DD.json`, the product in lower case with dashes ("dream-book-account-2026-11-28.json"). */
export function exportFileName(product: string, at: Date): string {
  const slug =
    product
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'account';
  return `${slug}-account-${at.toISOString().slice(0, 10)}.json`;
}
