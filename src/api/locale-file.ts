// A language file of the build (docs/languages.md "Languages"): same-origin, immutable, no credentials and no token.
// Not through client.ts: the page fetches it before anything else is evaluated, and a failure only means English.

/** Each file's request, by path, while it is on its way or after it arrived; one that failed is asked for again. */
const requests = new Map<string, Promise<unknown>>();

/** The parsed JSON at `url`, or null when it cannot be had (offline, 404, not JSON). Asked for once while it holds. */
export function fetchLocaleFile(url: string): Promise<unknown> {
  let request = requests.get(url);
  if (!request) {
    request = fetch(url)
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
      .catch(() => null);
    requests.set(url, request);
    void request.then((file) => file === null && requests.delete(url));
  }
  return request;
}
