// The floor for the signed-in API reads: node:http and pg, no framework, running the same SQL the
// shop runs for each request (the session with its user, then the read itself) as the same named
// prepared statements, on a pool of the same size (10), and answering the rows as JSON. What the shop does beyond this (routing,
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

// The shop's statements, word for word as it sends them (taken from PostgreSQL's statement log,
// `log_statement = all`, of a shop answering these four reads), and, as the shop does since
// decision 0024, named prepared statements: parsed and planned once per connection.
const SESSION = {
  name: 'session_with_user',
  text: `select "id_hash", "user_id", "verified_mobile", "validated_email", "expires_at", (select json_build_object('id', u.id, 'firstName', u.first_name,
    'lastName', u.last_name, 'mobile', u.mobile, 'email', u.email, 'role', u.role)
    from users u where u.id = "sessions"."user_id") from "sessions" where ("sessions"."id_hash" = $1 and "sessions"."expires_at" > $2) limit $3`,
};
const CART = {
  name: 'cart_lines',
  text: 'select "id", "user_id", "product_id", "variant_id", "quantity", "created_at", "updated_at" from "cart_items" where "cart_items"."user_id" = $1 order by "cart_items"."id" asc',
};
const ADDRESSES = {
  name: 'user_addresses',
  text: 'select "id", "user_id", "name", "phone", "pincode", "locality", "address_line", "city", "state", "landmark", "alternate_phone", "address_type", "is_default", "created_at" from "addresses" where "addresses"."user_id" = $1 order by "addresses"."is_default" desc, "addresses"."id" asc',
};
const ORDERS = {
  name: 'customer_orders',
  text: `select "id", "order_number", "status", "total_paise", "created_at", "tracking_id", "payment_mode", "payment_status", "invoice_number", coalesce((
    select json_agg(json_build_object('productName', oi.product_name, 'variant', oi.variant,
      'productNameHi', oi.product_name_hi, 'variantHi', oi.variant_hi,
      'quantity', oi.quantity, 'pricePaise', oi.price_paise) order by oi.id)
    from order_items oi where oi.order_id = "orders"."id"), '[]'::json), exists (select 1 from shipments s where s.order_id = "orders"."id") from "orders" where "orders"."user_id" = $1 order by "orders"."created_at" desc, "orders"."id" desc`,
};
type Statement = { name: string; text: string };

const READS: [RegExp, Statement | null][] = [
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
    const { rows } = await pool.query({ ...SESSION, values: [hash, new Date(), 1] });
    const user = rows[0]?.json_build_object as { id: number; mobile: string } | null | undefined;
    if (!user?.id) return send(response, 401, { message: 'Please log in' });
    const [re, sql] = route;
    const mobile = re.exec(request.url ?? '')?.[1];
    if (mobile && mobile !== user.mobile) return send(response, 403, { message: 'forbidden' });
    if (!sql) return send(response, 200, user);
    const read = await pool.query({ ...sql, values: [user.id] });
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
