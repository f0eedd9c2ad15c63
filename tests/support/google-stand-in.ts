// Google's servers, offline, without routing every request: an HTTPS server on loopback answers for apis.google.com
// (the gapi stand-in), for Google's other hosts (404) and for the emulator widget's CDN hosts (empty answers), and a
// Chromium resolves those names to it (--host-resolver-rules) and accepts its certificate alone
// (--ignore-certificate-errors-spki-list). The e2e workers' browsers and the bench's use it.
// A route (page.route / context.route) would do the same, but Playwright then pauses every request of the context and
// turns the HTTP cache off (its docs: "Enabling routing disables http cache"): each page's chunks were fetched again at
// every navigation, through the worker's process. A test that must hold a request routes that one itself.
import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { selfSignedCertificate } from '../../harness/paypal/certificate';
import { gapiStandIn } from '../../harness/gapi-stand-in';
import { closeServer, listen } from '../../harness/ports';

/**
 * How Google's servers answer in a test: `fast` (the stand-in at once) or `hanging` (no answer ever, as where they are
 * blocked). A test of a slow answer holds the requests with a route of its own and moves the page's clock instead of
 * waiting (phone-popups.spec.ts).
 */
export type GoogleServers = 'fast' | 'hanging';

/** Every request to Google's servers that the portal's pages made, in order. */
export type ThirdPartyLog = string[];

const GOOGLE = 'apis.google.com';
/** Google's other hosts a Firebase page may name (reCAPTCHA's, the auth domain's): answered 404, never the internet. */
const OTHER_GOOGLE = ['www.gstatic.com', '*.firebaseapp.com'];
/**
 * A URL on Google's servers (the hosts above; `*.` is any subdomain): the bench counts the requests to them, in Node
 * and in the page (its `source`).
 */
export const GOOGLE_SERVERS = new RegExp(
  `^https://(${[GOOGLE, ...OTHER_GOOGLE]
    .map((host) => host.replace(/[.]/g, '\\.').replace(/^\*\\\./, '[^/]+\\.'))
    .join('|')})/`,
);
/** The emulator's widget styles itself from unpkg and Google Fonts; offline they are left empty on purpose. */
const WIDGET_CDNS = ['unpkg.com', 'fonts.googleapis.com', 'fonts.gstatic.com'];

export interface GoogleStandIn {
  /** The flags that send the hosts above to this server in Chromium, and accept its certificate only. */
  chromiumArgs: string[];
  /** Starts one test: its answers as `servers` says, and a new log of its requests to apis.google.com. */
  begin(servers: GoogleServers): ThirdPartyLog;
  /** Ends the test: requests left hanging are dropped. */
  end(): void;
  stop(): Promise<void>;
}

/** One per worker: a worker runs one test at a time, so the test of the moment owns the mode and the log. */
export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = selfSignedCertificate(privateKey, GOOGLE, new Date(Date.now() - 86_400_000), 30);
  const spki = createHash('sha256')
    .update(createPublicKey(privateKey).export({ type: 'spki', format: 'der' }))
    .digest('base64');
  let servers: GoogleServers = 'fast';
  let log: ThirdPartyLog = [];
  const hanging = new Set<ServerResponse>();
  const gapi = gapiStandIn();

  const server = createServer(
    { key: privateKey.export({ type: 'pkcs8', format: 'pem' }), cert },
    (request, response) => {
      const host = (request.headers.host ?? '').replace(/:\d+$/, '');
      const path = request.url ?? '/';
      const headers = { 'cache-control': 'no-store', 'access-control-allow-origin': '*' };
      if (host === GOOGLE) {
        log.push(`https://${GOOGLE}${path}`);
        if (servers === 'hanging') {
          hanging.add(response); // never answered: the request stays pending until the page goes
          response.on('close', () => hanging.delete(response));
          return;
        }
        if (new URL(path, `https://${GOOGLE}`).pathname === '/js/api.js') {
          response.writeHead(200, { ...headers, 'content-type': 'text/javascript' }).end(gapi);
        } else {
          response.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('not served offline');
        }
        return;
      }
      if (GOOGLE_SERVERS.test(`https://${host}/`)) {
        response.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('not served offline');
        return;
      }
      const script = /\.m?js(\?|$)/.test(path);
      response.writeHead(200, { ...headers, 'content-type': script ? 'text/javascript' : 'text/css' }).end('');
    },
  );
  const port = await listen(server, 0, '127.0.0.1');
  const rules = [GOOGLE, ...OTHER_GOOGLE, ...WIDGET_CDNS].map((host) => `MAP ${host} 127.0.0.1:${port}`).join(',');
  const dropHanging = () => {
    for (const response of hanging) response.destroy();
    hanging.clear();
  };
  return {
    chromiumArgs: [`--host-resolver-rules=${rules}`, `--ignore-certificate-errors-spki-list=${spki}`],
    begin(mode) {
      dropHanging();
      servers = mode;
      log = [];
      return log;
    },
    end: dropHanging,
    async stop() {
      dropHanging();
      await closeServer(server);
    },
  };
}
