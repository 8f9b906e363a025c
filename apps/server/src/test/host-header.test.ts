// A request must name its target sanely (plugins/security.ts): a Host with userinfo ('user@') or
// a request line in absolute form with userinfo answers 400, on a real socket as a client sends it,
// where it used to reach the storefront and fail there (a Fetch Request refuses credentials).
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namesItsTargetSanely } from '../plugins/security.ts';
import { createTestApp, type TestApp } from './app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await t.close();
});

/** Sends one raw HTTP/1.1 request; answers the status code and body. */
function raw(requestLine: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`${requestLine}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
    );
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => {
      out += d;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(out)?.[1] ?? 0);
      resolve({ status, body: out.slice(out.indexOf('\r\n\r\n') + 4) });
    });
  });
}

describe('the request target and Host', () => {
  it.each([
    ['GET http://user@example.com/api/health HTTP/1.1', 'user@example.com'],
    ['GET http://user@example.com/ HTTP/1.1', 'user@example.com'],
    ['GET http://user:pw@127.0.0.1/products HTTP/1.1', '127.0.0.1'],
    ['POST http://user@example.com/api/contact/send HTTP/1.1', 'user@example.com'],
    ['GET / HTTP/1.1', 'user@example.com'],
    ['GET /api/health HTTP/1.1', 'user@127.0.0.1:80'],
    ['GET /api/health HTTP/1.1', 'example.com/evil'],
  ])('%s with Host %s answers 400', async (line, host) => {
    const res = await raw(line, host);
    expect(res.status, res.body).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: 'Invalid request target or Host header.' });
  });

  it('still serves ordinary requests, and the absolute form HTTP allows', async () => {
    expect((await raw('GET /api/health HTTP/1.1', '127.0.0.1')).status).toBe(200);
    expect((await raw('GET /api/health HTTP/1.1', 'shop.example.in:8443')).status).toBe(200);
    expect((await raw('GET /api/health HTTP/1.1', '[::1]:3000')).status).toBe(200);
    expect((await raw('GET http://127.0.0.1/api/health HTTP/1.1', '127.0.0.1')).status).toBe(200);
  });

  it('is one rule, checked without a socket too', () => {
    expect(namesItsTargetSanely('/x', 'GET', 'kesarchakki.in')).toBe(true);
    expect(namesItsTargetSanely('/x', 'GET', undefined)).toBe(true);
    expect(namesItsTargetSanely('*', 'OPTIONS', 'kesarchakki.in')).toBe(true);
    expect(namesItsTargetSanely('*', 'GET', 'kesarchakki.in')).toBe(false);
    expect(namesItsTargetSanely('ftp://kesarchakki.in/x', 'GET', 'kesarchakki.in')).toBe(false);
    expect(namesItsTargetSanely('/x', 'GET', 'a b')).toBe(false);
  });
});
