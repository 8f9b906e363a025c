// The floor for the signed-in API reads: node:http and pg, no framework, running the same SQL the
// shop runs for each request (the session joined with its user, then the read itself) on a pool of
// the same size (10), and answering the rows as JSON. What the shop does beyond this (routing,
// validation, hooks, serialisation, the ORM) is what the signed-in bars measure.
//
//   node bench/floor-server.ts <postgres-url>
//
// Listens on 127.0.0.1 only, then prints one JSON line {"port": n} on stdout.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

const [databaseUrl] = process.argv.slice(2);
if (!databaseUrl) {
  console.error('usage: node bench/floor-server.ts <postgres-url>');
  process.exit(2);
}

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

// The shop's queries (apps/server/src/modules/auth/sessions.ts, accounts, cart, orders).
const SESSION = `select s.id_hash, s.user_id, s.verified_mobile, s.validated_email, s.expires_at,
  u.id, u.mobile, u.first_name, u.last_name, u.email, u.role
  from sessions s left join users u on u.id = s.user_id
  where s.id_hash = $1 and s.expires_at > $2 limit 1`;
const CART = 'select * from cart_items where user_id = $1 order by id';
const ADDRESSES = 'select * from addresses where user_id = $1 order by is_default desc, id';
const ORDERS = `select o.*, coalesce((select json_agg(json_build_object('productName', i.product_name,
  'variant', i.variant, 'quantity', i.quantity, 'pricePaise', i.price_paise) order by i.id)
  from order_items i where i.order_id = o.id), '[]') as items,
  exists (select 1 from shipments s where s.order_id = o.id) as shipped
  from orders o where o.user_id = $1 order by o.created_at desc, o.id desc`;

const READS: [RegExp, string | null][] = [
  [/^\/api\/cart\/user\/(\d{10})$/, CART],
  [/^\/api\/addresses\/(\d{10})$/, ADDRESSES],
  [/^\/api\/orders\/customer\/(\d{10})$/, ORDERS],
  [/^\/api\/auth\/me$/, null],
];

function sessionId(cookie: string | undefined): string | null {
  const match = /(?:^|;\s*)sid=([^;]+)/.exec(cookie ?? '');
  return match ? decodeURIComponent(match[1]!) : null;
}

function send(response: import('node:http').ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
}

const server = createServer(async (request, response) => {
  try {
    const route = READS.find(([re]) => re.test(request.url ?? ''));
    if (!route) return send(response, 404, { message: 'not found' });
    const sid = sessionId(request.headers.cookie);
    if (!sid) return send(response, 401, { message: 'Please log in' });
    const hash = createHash('sha256').update(sid).digest('hex');
    const { rows } = await pool.query(SESSION, [hash, new Date()]);
    const user = rows[0];
    if (!user?.id) return send(response, 401, { message: 'Please log in' });
    const [re, sql] = route;
    const mobile = re.exec(request.url ?? '')?.[1];
    if (mobile && mobile !== user.mobile) return send(response, 403, { message: 'forbidden' });
    if (!sql) return send(response, 200, user);
    const read = await pool.query(sql, [user.id]);
    send(response, 200, read.rows);
  } catch (error) {
    send(response, 500, { message: (error as Error).message });
  }
});

server.listen({ host: '127.0.0.1', port: 0 }, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});

const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
