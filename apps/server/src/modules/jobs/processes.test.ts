// Jobs across real shop processes on one PostgreSQL (skipped on PGlite, which has one process):
// two instances run a schedule once per period, and a job whose process is killed -9 mid-run is
// taken over after its lease and delivers its message once.
import { createServer, type Server, type Socket } from 'node:net';
import { ProductList } from '@spice/shared/contracts/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addAddress, addToCart, createPaymentOrder, payAndPlace } from '../../test/commerce.ts';
import { startShop, stopShop } from '../../test/shop-process.ts';
import { signUp } from '../../test/shoppers.ts';
import { messageDeliveries } from '../messaging/schema.ts';
import { jobs } from './schema.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A loopback SMTP server: `hang` accepts and never greets; otherwise it takes every message. */
function fakeSmtp(hang: boolean) {
  const received: string[] = [];
  const sockets: Socket[] = [];
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    sockets.push(socket);
    if (hang) return;
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let at = buffer.indexOf('\r\n');
      while (at >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        at = buffer.indexOf('\r\n');
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          } else received[received.length - 1] += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          inData = true;
          received.push('');
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return {
    received,
    connections: () => connections,
    async listen() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `smtp://127.0.0.1:${(server.address() as { port: number }).port}`;
    },
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe.skipIf(!onPostgres)('jobs across shop processes on one PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OTP_SENDS_PER_IP_PER_HOUR: '100000' } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('runs a scheduled job once per period across two instances', async () => {
    const env = { SWEEP_CHECKOUTS_SECONDS: '1', JOBS_POLL_MS: '100' };
    const [a, b] = await Promise.all([startShop(t.database.url!, env), startShop(t.database.url!, env)]);
    await sleep(4500);
    await Promise.all([stopShop(a.child), stopShop(b.child)]);
    const runs = await t.database.db.select().from(jobs).where(eq(jobs.name, 'release-expired-checkouts'));
    const periods = runs.map((r) => Number(r.key!.split(':').at(-1))).sort((x, y) => x - y);
    expect(periods.length).toBeGreaterThanOrEqual(3);
    // One job per period, every period in between: none skipped, none run twice.
    expect(periods).toEqual(periods.map((_, i) => periods[0]! + i));
    expect(runs.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  }, 90_000);

  it('retries a job whose process was killed mid-run, and delivers its message once', async () => {
    const garam = ProductList.parse((await t.app.inject('/api/products')).json()).find(
      (p) => p.slug === 'garam-masala',
    )!;
    const s = await signUp(t.app, '9844400001');
    const address = await addAddress(s);
    await addToCart(s, garam.id, garam.variants[0]!.weight, 1);
    const { placed } = await payAndPlace(s, (await createPaymentOrder(s, address)).json().orderId);
    const { orderNumber } = placed.json() as { orderNumber: string };
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `order-message:${orderNumber}:placed`));
    expect(job).toMatchObject({ status: 'queued' });

    // Process A takes the job and hangs in the SMTP call; it is killed there.
    const stuck = fakeSmtp(true);
    const a = await startShop(t.database.url!, {
      SMTP_URL: await stuck.listen(),
      MESSAGE_TIMEOUT_MS: '60000',
      JOBS_POLL_MS: '100',
      JOBS_LEASE_SECONDS: '2',
    });
    for (let i = 0; i < 100 && stuck.connections() === 0; i++) await sleep(100);
    expect(stuck.connections()).toBe(1);
    await stopShop(a.child, 'SIGKILL');
    stuck.close();
    const [running] = await t.database.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(running).toMatchObject({ status: 'running', attempts: 1 });

    // Process B finds the lease lapsed, takes the job over and delivers once.
    const smtp = fakeSmtp(false);
    const b = await startShop(t.database.url!, {
      SMTP_URL: await smtp.listen(),
      JOBS_POLL_MS: '100',
      JOBS_LEASE_SECONDS: '2',
    });
    for (let i = 0; i < 100 && smtp.received.length === 0; i++) await sleep(100);
    await sleep(1500); // time for a second delivery, were there to be one
    await stopShop(b.child);
    smtp.close();
    const about = smtp.received.filter((m) => m.includes(orderNumber));
    expect(about).toHaveLength(1);
    const [done] = await t.database.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    const delivered = await t.database.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.orderNumber, orderNumber));
    // One record per channel: the e-mail once (the SMS went to the outbox alongside it).
    expect(delivered.filter((d) => d.channel === 'email')).toHaveLength(1);
    expect(new Set(delivered.map((d) => d.channel)).size).toBe(delivered.length);
  }, 90_000);
});
