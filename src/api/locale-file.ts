// A language file of the build (docs/languages.md "Languages"): same-origin, immutable, no credentials and no token.
// Not through client.ts: the page fetches it before anything else is evaluated, and a failure only means English.

/** The parsed JSON at `url`, or null when it cannot be had (offline, 404, not JSON). */
export async function fetchLocaleFile(url: string): Promise<unknown> {
  try {
    const response = await fetch(url);
    return response.ok ? ((await response.json()) as unknown) : null;
  } catch {
    return null;
  }
}
