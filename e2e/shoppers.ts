// Shoppers for the journeys, made through the real API. `request` may be a page's own request
// context (it shares the page's cookies, so the page is then logged in) or a fresh one.
import { type APIRequestContext, expect } from '@playwright/test';

/** A 10-digit mobile starting with 7 that no other journey uses. */
export function randomMobile(): string {
  return `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const [message] = (await res.json()) as { code?: string }[];
      code = message?.code ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** Signs a new shopper up (login code, e-mail code, account) and leaves the context logged in. */
export async function signUpThroughApi(
  request: APIRequestContext,
  options: { firstName: string; lastName?: string; mobile?: string },
): Promise<{ mobile: string; email: string; firstName: string; lastName: string }> {
  const mobile = options.mobile ?? randomMobile();
  const email = `${options.firstName.toLowerCase()}.${mobile}@example.in`;
  const lastName = options.lastName ?? '';
  const ok = async (res: Promise<{ ok(): boolean; status(): number; text(): Promise<string> }>) => {
    const r = await res;
    expect(r.ok(), `${r.status()} ${await r.text()}`).toBe(true);
  };
  await ok(request.post('/api/auth/otp/send', { data: { mobile } }));
  await ok(
    request.post('/api/auth/otp/verify', { data: { mobile, otp: await latestCode(request, mobile) } }),
  );
  await ok(request.post('/api/email/send-otp', { data: { email } }));
  await ok(request.post('/api/email/verify-otp', { data: { email, otp: await latestCode(request, email) } }));
  await ok(
    request.post('/api/user/create', { data: { firstName: options.firstName, lastName, mobile, email } }),
  );
  return { mobile, email, firstName: options.firstName, lastName };
}
