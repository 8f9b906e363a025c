// Graceful shutdown (lib/shutdown.ts, decision 0022): while draining the instance serves every
// request but its health check says 503 `draining`; closing lets a request in flight finish, and
// then the port refuses new connections.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { expectServerErrors } from '../test/server-errors.ts';
import { drainAndClose } from './shutdown.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('graceful shutdown', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await t.database.close();
  });

  it('drains with a failing health check, lets the request in flight finish, then refuses connections', async () => {
    expectServerErrors(); // the health check answers 503 while draining, on purpose
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    // A contact message whose body is still on its way when the shutdown starts.
    const body = JSON.stringify({
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '+919876543210',
      message: 'Do you ship to Mysuru?',
    });
    const answer = new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}/api/contact/send`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          origin: base,
        },
      });
      request.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => request.end(body.slice(10)), 600);
    });
    await sleep(50);

    const closed = drainAndClose(t.app, 300);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'draining', database: 'up' });
    // Shoppers are still served while the balancer takes the instance out.
    expect((await fetch(`${base}/api/products`)).status).toBe(200);

    // The drain is over and the server is closing while the request's body is still arriving.
    await sleep(400);
    const status = await answer;
    expect(status).toBeLessThan(500);
    // The connection that was busy closes once answered, not at the keep-alive timeout (5 s).
    const answered = Date.now();
    await closed;
    expect(Date.now() - answered).toBeLessThan(3000);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });
});
