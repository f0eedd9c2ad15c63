// A self-signed TLS certificate made by openssl for one run (tests/scripts/ensure-engines.mjs installs openssl): the
// engines' offline internet (tests/engines/offline-internet.ts) and the bench's HTTP/2 front (tests/bench/http2-front.ts).
// The browsers accept it by their own flags; its key never leaves a temporary folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A certificate for `altNames` (subjectAltName entries, as `DNS:example.com` or `IP:127.0.0.1`), valid two days. */
export function selfSignedCertificate(commonName: string, altNames: string[]): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'test-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${commonName}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-addext',
        `subjectAltName=${altNames.join(',')}`,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
