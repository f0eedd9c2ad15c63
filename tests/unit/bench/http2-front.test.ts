// The bench's HTTP/2 front (tests/bench/http2-front.ts): the emulator's answers, bytes and headers, over one HTTP/2
// connection, without the headers HTTP/2 forbids.
import { createServer, type Server } from 'node:http';
import { connect } from 'node:http2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttp2Front, type Http2Front } from '../../bench/http2-front';

let upstream: Server;
let front: Http2Front;
const seen: Array<{ url: string; host: string | undefined; connection: string | undefined }> = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    seen.push({ url: req.url ?? '', host: req.headers.host, connection: req.headers['x-probe'] as string | undefined });
    if (req.url === '/missing') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/javascript',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'",
      connection: 'keep-alive',
      'keep-alive': 'timeout=5',
    });
    res.end('export const answer = 42;');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as { port: number };
  front = await startHttp2Front(`http://127.0.0.1:${port}/`);
});

afterAll(async () => {
  await front.stop();
  await new Promise((resolve) => upstream.close(resolve));
});

/** GETs each path over one HTTP/2 session: status, headers and body of each. */
async function getAll(paths: string[]) {
  const session = connect(front.url, { rejectUnauthorized: false });
  try {
    return await Promise.all(
      paths.map(
        (path) =>
          new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
            const stream = session.request({ ':path': path, 'x-probe': 'kept' });
            let headers: Record<string, unknown> = {};
            let body = '';
            stream.on('response', (h) => (headers = h));
            stream.setEncoding('utf8');
            stream.on('data', (chunk: string) => (body += chunk));
            stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
            stream.on('error', reject);
          }),
      ),
    );
  } finally {
    session.close();
  }
}

describe('the HTTP/2 front', () => {
  it("answers over HTTPS on loopback with the upstream's status, headers and bytes, several files on one connection", async () => {
    expect(front.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/$/);
    const [script, missing] = await getAll(['/chunks/a.js', '/missing']);
    expect(script!.status).toBe(200);
    expect(script!.body).toBe('export const answer = 42;');
    expect(script!.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script!.headers['content-security-policy']).toBe("default-src 'none'");
    expect(script!.headers).not.toHaveProperty('connection');
    expect(script!.headers).not.toHaveProperty('keep-alive');
    expect(missing!.status).toBe(404);
    expect(missing!.body).toBe('not here');
  });

  it("passes the request's path and headers on, naming the upstream as the host", async () => {
    seen.length = 0;
    await getAll(['/auth?redirect=%2Fcredits']);
    const { port } = upstream.address() as { port: number };
    expect(seen).toEqual([{ url: '/auth?redirect=%2Fcredits', host: `127.0.0.1:${port}`, connection: 'kept' }]);
  });
});
