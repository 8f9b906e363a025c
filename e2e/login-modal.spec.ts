import { latestCode, randomMobile, signUpThroughApi } from './shoppers.ts';
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

test('a number that has had too many codes is told the wait on the mobile step, in Hindi too, not asked for a code', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // Ten logins to one number from this address (each from a device of its own, which the number
  // has not logged in on before) reach the per-client cap of 10 sends in 15 minutes. The next
  // send is refused with a wait, and no code goes out for it.
  const mobile = randomMobile();
  for (let i = 0; i < 10; i++) {
    const device = await browser.newContext();
    const sent = await device.request.post('/api/auth/otp/send', { data: { mobile } });
    expect(sent.status(), await sent.text()).toBe(200);
    const otp = await latestCode(device.request, mobile);
    const verified = await device.request.post('/api/auth/otp/verify', { data: { mobile, otp } });
    expect(verified.status(), await verified.text()).toBe(200);
    await device.close();
  }
  const codesBefore = (await (await page.request.get(`/api/dev/outbox?to=${mobile}`)).json()) as unknown[];

  await open(page, '/');
  const login = page.getByRole('dialog', { name: 'Login' });
  await page.getByRole('button', { name: 'Login' }).click();
  await login.getByLabel('Mobile number').fill(mobile);
  await login.getByRole('button', { name: 'Send OTP' }).click();
  await expect(login.getByRole('alert')).toHaveText(
    /^Too many requests\. Please try again in 1[45] minutes\.$/,
  );
  // Still the mobile step: no code field, no countdown for a code that never came.
  await expect(login.getByLabel(/Enter the 6-digit OTP/)).toHaveCount(0);
  await expect(login.getByText(/Resend OTP in/)).toHaveCount(0);
  await expect(login.getByRole('button', { name: 'Send OTP' })).toBeVisible();

  await open(page, '/hi');
  const hindi = page.getByRole('dialog', { name: 'लॉग इन' });
  await page.getByRole('banner').getByRole('button', { name: 'लॉग इन', exact: true }).click();
  await hindi.getByLabel('मोबाइल नंबर').fill(mobile);
  await hindi.getByRole('button', { name: 'OTP भेजें' }).click();
  await expect(hindi.getByRole('alert')).toHaveText(
    /^बहुत ज़्यादा अनुरोध आ गए हैं। कृपया 1[45] मिनट बाद फिर कोशिश करें।$/,
  );
  await expect(hindi.getByLabel(/6 अंकों का OTP डालें/)).toHaveCount(0);
  await expect(hindi.getByRole('button', { name: 'OTP भेजें' })).toBeVisible();
  const codesAfter = (await (await page.request.get(`/api/dev/outbox?to=${mobile}`)).json()) as unknown[];
  expect(codesAfter).toHaveLength(codesBefore.length);
});
