// The JS SDK stand-in's server side: GET /paypal/sdk/js serves the browser code of ./sdk (bundled once), or fails as
// a test asks, for every browser (sdkControl) or for one (the FAIL_LOADS_COOKIE cookie).
import { join } from 'node:path';
import { projectRoot } from '../paths';
import type { PayPalRequest, PayPalRoute } from './rest';

let sdkSource: Promise<string> | null = null;

/** The stand-in bundled once from harness/paypal/sdk/stand-in.ts. */
function standInSource(): Promise<string> {
  // esbuild is loaded on the first SDK request only: the backend starts without it (and in test environments it rejects).
  sdkSource ??= import('esbuild')
    .then(({ build }) =>
      build({
        entryPoints: [join(projectRoot(), 'harness/paypal/sdk/stand-in.ts')],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2020',
        minify: false,
        logLevel: 'silent',
      }),
    )
    .then(
      (r) => r.outputFiles[0]!.text,
      (error: unknown) => {
        sdkSource = null;
        throw error;
      },
    );
  return sdkSource;
}

/** Set by a test (POST /__harness/paypal {failLoads}) to make the next SDK loads fail, for everyone. */
export const sdkControl = { failLoads: 0 };

/**
 * Per-browser control: a cookie on the backend's host makes that browser's next N SDK loads fail, so tests running
 * side by side do not take each other's failures. The count goes down with each failed load.
 */
const FAIL_LOADS_COOKIE = 'paypal-stand-in-fail-loads';

function cookie(ctx: PayPalRequest, name: string): string | null {
  for (const part of (ctx.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export const sdkRoutes: PayPalRoute[] = [
  {
    method: 'GET',
    path: '/paypal/sdk/js',
    name: 'paypal-sdk',
    async handler(ctx) {
      const perBrowser = Number(cookie(ctx, FAIL_LOADS_COOKIE) ?? '0');
      if (Number.isInteger(perBrowser) && perBrowser > 0) {
        const left = perBrowser - 1;
        const setCookie = `${FAIL_LOADS_COOKIE}=${left}; Path=/; SameSite=Lax${left === 0 ? '; Max-Age=0' : ''}`;
        return { status: 503, text: 'PayPal SDK unavailable', headers: { 'set-cookie': setCookie } };
      }
      if (sdkControl.failLoads > 0 || ctx.url.searchParams.get('fail') === 'load') {
        sdkControl.failLoads = Math.max(0, sdkControl.failLoads - 1);
        return { status: 503, text: 'PayPal SDK unavailable' };
      }
      if (!ctx.url.searchParams.get('client-id'))
        return {
          status: 400,
          text: 'throw new Error("SDK Validation error: client-id missing")',
          type: 'text/javascript',
        };
      return { text: await standInSource(), type: 'text/javascript; charset=utf-8' };
    },
  },
];
