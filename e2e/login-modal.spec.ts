import { latestCode, signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

test('reopening the login modal within the resend wait asks for the code already sent, with the wait left', async ({
  page,
  request,
}) => {
  // A shopper with an account, made in a context of its own: the page stays logged out.
  const { mobile, firstName } = await signUpThroughApi(request, { firstName: 'Farah' });
  await open(page, '/');
  const login = page.getByRole('dialog', { name: 'Login' });

  await page.getByRole('button', { name: 'Login' }).click();
  await login.getByLabel('Mobile number').fill(mobile);
  await login.getByRole('button', { name: 'Send OTP' }).click();
  await expect(login.getByText(/Resend OTP in \d+s/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(login).toBeHidden();

  // Within the 30 s the server refuses a new code (429 with retryAfterSeconds): the modal goes to
  // the code step for this number with the server's countdown, and no error.
  await page.getByRole('button', { name: 'Login' }).click();
  await login.getByLabel('Mobile number').fill(mobile);
  await login.getByRole('button', { name: 'Send OTP' }).click();
  const otp = login.getByLabel(`Enter the 6-digit OTP sent to +91 ${mobile}`);
  await expect(otp).toBeFocused();
  const countdown = await login.getByText(/Resend OTP in \d+s/).textContent();
  const seconds = Number(countdown?.match(/(\d+)s/)?.[1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(30);
  await expect(login.getByRole('alert')).toHaveCount(0);

  // The code sent the first time logs in.
  await otp.fill(await latestCode(page.request, mobile));
  await expect(login).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: firstName, exact: true })).toBeVisible();
});
