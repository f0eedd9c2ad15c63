// Whether the portal's own site answers at all (src/state/chunk-loading.ts): a tiny file, never from a cache. The
// browser's online flag can say online on a network that reaches nothing.
export async function siteAnswers(): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  try {
    await fetch('/robots.txt', { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}
