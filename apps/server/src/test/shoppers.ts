// Test helpers that act as a shopper through the real API: log in by code read from the dev
// outbox, sign up with a validated e-mail, and carry the session cookie.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export interface Shopper {
  mobile: string;
  email: string;
  cookie: string;
  id: number;
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
}

export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [raw];
  const sid = list.find((c): c is string => typeof c === 'string' && c.startsWith('sid='));
  if (!sid) throw new Error('no session cookie set');
  return sid.split(';')[0]!;
}

export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const res = await app.inject(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.statusCode).toBe(200);
  const [latest] = res.json() as { code?: string }[];
  if (!latest?.code) throw new Error(`no code in the outbox for ${to}`);
  return latest.code;
}

/** Sends and verifies a login code; answers the verify response and the session cookie. */
export async function verifyMobile(app: FastifyInstance, mobile: string, ip = '10.0.0.1') {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/auth/otp/send',
    payload: { mobile },
    remoteAddress: ip,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const otp = await latestCode(app, mobile);
  const res = await app.inject({ method: 'POST', url: '/api/auth/otp/verify', payload: { mobile, otp } });
  expect(res.statusCode, res.body).toBe(200);
  return { res, cookie: sessionCookie(res) };
}

/** A new shopper, signed up and logged in. */
export async function signUp(
  app: FastifyInstance,
  mobile: string,
  email = `shopper${mobile}@example.in`,
  /** The signup form's WhatsApp opt-in, and headers such as the page's accept-language. */
  form: { whatsapp?: boolean; headers?: Record<string, string> } = {},
): Promise<Shopper> {
  const { cookie } = await verifyMobile(app, mobile);
  const headers = { cookie };
  const sent = await app.inject({ method: 'POST', url: '/api/email/send-otp', payload: { email }, headers });
  expect(sent.statusCode, sent.body).toBe(200);
  const otp = await latestCode(app, email);
  const verified = await app.inject({
    method: 'POST',
    url: '/api/email/verify-otp',
    payload: { email, otp },
    headers,
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const created = await app.inject({
    method: 'POST',
    url: '/api/user/create',
    payload: {
      firstName: 'Asha',
      lastName: 'Rao',
      mobile,
      email,
      ...(form.whatsapp === undefined ? {} : { whatsapp: form.whatsapp }),
    },
    headers: { ...headers, ...form.headers },
  });
  expect(created.statusCode, created.body).toBe(201);
  return {
    mobile,
    email,
    cookie,
    id: created.json().id,
    request: (opts) => app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie } }),
  };
}
