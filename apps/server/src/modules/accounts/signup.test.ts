// Signup's rules, in the accounts service (the routes only read the session and reply).
import { MESSAGES } from '@spice/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
const input = { firstName: 'Asha', lastName: 'Rao', mobile: '9000000101', email: 'asha@example.in' };
const session = { verifiedMobile: input.mobile, userId: null, validatedEmail: input.email };

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

describe('signup rules', () => {
  it('refuses a mobile the session did not verify, a session that has an account, and an unvalidated e-mail', async () => {
    const { accounts } = t.app.services;
    await expect(accounts.signUp({ ...session, verifiedMobile: '9000000102' }, input)).rejects.toMatchObject({
      statusCode: 403,
      message: 'Verify this mobile number before signing up.',
    });
    await expect(accounts.signUp({ ...session, userId: 1 }, input)).rejects.toMatchObject({
      statusCode: 409,
      message: 'You already have an account.',
    });
    await expect(accounts.signUp({ ...session, validatedEmail: null }, input)).rejects.toMatchObject({
      statusCode: 400,
      message: MESSAGES.signupValidateEmail,
      errors: { email: MESSAGES.signupValidateEmail },
    });
  });

  it('creates the account, then refuses its e-mail to another mobile but not to its own', async () => {
    const { accounts } = t.app.services;
    const user = await accounts.signUp(session, input);
    expect(user).toMatchObject({ mobile: input.mobile, email: input.email, role: 'customer' });
    await expect(accounts.assertEmailFree(input.email, '9000000103')).rejects.toMatchObject({
      statusCode: 409,
      message: MESSAGES.emailTaken,
      errors: { email: MESSAGES.emailTaken },
    });
    await expect(accounts.assertEmailFree(input.email, input.mobile)).resolves.toBeUndefined();
    await expect(accounts.assertEmailFree('someone.else@example.in', '9000000103')).resolves.toBeUndefined();
  });
});
