import type { Page } from '@playwright/test';
import { latestCode, signUpThroughApi } from './shoppers.ts';
import { expect, MOBILE, open, test } from './support.ts';

/** A number no other test uses: 9 + the worker-unique tail. */
function uniqueMobile(seed: number): string {
  return `9${String(Date.now() % 1e6).padStart(6, '0')}${String(seed).padStart(3, '0')}`.slice(0, 10);
}

async function logIn(page: Page, mobile: string) {
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await dialog.getByLabel('Mobile number').fill(mobile);
  await dialog.getByRole('button', { name: 'Send OTP' }).click();
  // The code field comes once the send is answered: only then is the outbox's newest code this one
  // (a returning number's earlier code is there too).
  const field = dialog.getByLabel(/Enter the 6-digit OTP/);
  await expect(field).toBeVisible();
  const otp = await latestCode(page.request, mobile);
  // Verification starts by itself at six digits.
  await field.fill(otp);
}

test('a new number signs up with a validated e-mail, manages addresses, and a returning login and logout work', async ({
  page,
}) => {
  const mobile = uniqueMobile(1);
  const email = `asha.${mobile}@example.in`;
  await open(page, '/');

  // Wrong input first: the spec's message.
  await page.getByRole('button', { name: 'Login' }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByLabel('Mobile number').fill('12345');
  await login.getByRole('button', { name: 'Send OTP' }).click();
  await expect(login.getByRole('alert')).toHaveText('Enter valid 10-digit mobile.');
  await page.keyboard.press('Escape');
  await expect(login).toBeHidden();

  await logIn(page, mobile);
  const signup = page.getByRole('dialog', { name: 'Complete Signup' });
  await expect(signup).toBeVisible();
  await expect(signup.getByLabel('Mobile Number')).toHaveValue(`+91 ${mobile}`);

  await signup.getByRole('button', { name: 'Submit' }).click();
  await expect(signup.getByRole('alert')).toHaveText('Please fill all required fields.');
  await signup.getByLabel('First Name').fill('Asha');
  await signup.getByLabel('Last Name').fill('Rao');
  await signup.getByLabel('Email', { exact: true }).fill(email);
  await signup.getByRole('button', { name: 'Submit' }).click();
  await expect(signup.getByRole('alert')).toHaveText('Please validate your email.');

  await signup.getByRole('button', { name: 'Validate' }).click();
  await expect(signup.getByRole('button', { name: /Resend in \d+s/ })).toBeVisible();
  await expect(signup.getByRole('status')).toHaveText('OTP sent to your email.');
  await signup.getByLabel('Email OTP').fill(await latestCode(page.request, email));
  await expect(signup.getByRole('img', { name: 'Email validated' })).toBeVisible();
  await expect(signup.getByRole('button', { name: 'Edit' })).toBeVisible();
  await signup.getByRole('button', { name: 'Submit' }).click();
  await expect(signup.getByRole('status')).toHaveText('Signup successful!');
  await expect(signup).toBeHidden();

  // Logged in: the header shows the first name with the profile menu.
  await page.getByRole('button', { name: 'Asha', exact: true }).click();
  await page.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('No addresses saved.')).toBeVisible();

  // Add: errors first, then a valid address.
  await page.getByRole('button', { name: '+ Add New Address' }).click();
  const form = page.getByRole('dialog', { name: 'Add New Address' });
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please fill all mandatory fields.');
  await form.getByLabel('Full name').fill('Asha Rao');
  await form.getByLabel('Phone number').fill('5123456789');
  // The pincode fills city and state: wait for them, then edit the city the shopper's way.
  await form.getByLabel('Pincode').fill('560001');
  await expect(form.getByLabel(/^City/)).toHaveValue('Bangalore');
  await expect(form.getByLabel('State')).toHaveValue('Karnataka');
  await form.getByLabel('Locality').fill('Indiranagar');
  await form.getByLabel(/^Address/).fill('12, 4th Cross, HAL 2nd Stage');
  await form.getByLabel(/^City/).fill('Bengaluru');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter the valid phone number.');
  await form.getByLabel('Phone number').fill('9876543210');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form).toBeHidden();
  const cards = page.locator('.address-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Default');
  await expect(cards.first()).toContainText('Bengaluru, Karnataka – 560001');

  // A second address, a Work one.
  await page.getByRole('button', { name: '+ Add New Address' }).click();
  const second = page.getByRole('dialog', { name: 'Add New Address' });
  await second.getByLabel('Full name').fill('Asha at work');
  await second.getByLabel('Phone number').fill('9876543211');
  await second.getByLabel('Pincode').fill('560103');
  await expect(second.getByLabel('State')).toHaveValue('Karnataka');
  await second.getByLabel('Locality').fill('Bellandur');
  await second.getByLabel(/^Address/).fill('Tower B, Outer Ring Road');
  await second.getByLabel(/^City/).fill('Bengaluru');
  await second.getByLabel('Work').check();
  await second.getByRole('button', { name: 'Save Address' }).click();
  await expect(cards).toHaveCount(2);

  // Edit it, then make it the default.
  const work = cards.filter({ hasText: 'Asha at work' });
  await work.getByRole('button', { name: /Actions for/ }).click();
  await work.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Address' });
  await edit.getByLabel('Landmark').fill('Near the lake');
  await edit.getByRole('button', { name: 'Save Address' }).click();
  // The landmark as typed: no 'near' of our own in front of it.
  await expect(work).toContainText('Tower B, Outer Ring Road, Bellandur, Near the lake');
  await expect(work).not.toContainText(/near near/i);
  await work.getByRole('button', { name: /Actions for/ }).click();
  await work.getByRole('button', { name: 'Set as Default' }).click();
  await expect(work).toContainText('Default');
  await work.getByRole('button', { name: /Actions for/ }).click();
  await expect(work.getByRole('button', { name: 'Set as Default' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Delete the other one.
  page.once('dialog', (d) => void d.accept());
  const home = cards.filter({ hasText: 'Indiranagar' });
  await home.getByRole('button', { name: /Actions for/ }).click();
  await home.getByRole('button', { name: 'Delete' }).click();
  await expect(cards).toHaveCount(1);

  // Logout ends the session; the profile then redirects home.
  await page.getByRole('button', { name: 'Asha', exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/$/);

  // A returning number logs straight in.
  await logIn(page, mobile);
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Asha', exact: true })).toBeVisible();
});

test('on a phone the menu adds a You shortcut to the profile when logged in', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await open(page, '/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'You', exact: true })).toHaveCount(0);

  // Sign up through the API with the page's own cookies, then reload.
  await signUpThroughApi(page.request, { firstName: 'Ravi', mobile: uniqueMobile(2) });

  await open(page, '/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'You', exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Last Name')).toBeVisible();
  await expect(page.locator('dd', { hasText: /^-$/ })).toBeVisible();
});

test('the dev outbox page lists the codes the shop would have sent', async ({ page }) => {
  const mobile = uniqueMobile(3);
  expect((await page.request.post('/api/auth/otp/send', { data: { mobile } })).ok()).toBe(true);
  const code = await latestCode(page.request, mobile);
  await open(page, '/dev/outbox');
  await expect(page.getByRole('heading', { name: 'Dev outbox' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`\\+91 ${mobile}.*${code}`) })).toBeVisible();
});

// The address form's words in each language the shop speaks.
const ADDRESS_FORM = [
  {
    path: '/profile',
    add: '+ Add New Address',
    dialog: 'Add New Address',
    pincode: 'Pincode',
    city: /^City/,
    state: 'State',
  },
  {
    path: '/hi/profile',
    add: '+ नया पता जोड़ें',
    dialog: 'नया पता जोड़ें',
    pincode: 'पिनकोड',
    city: /^शहर/,
    state: 'राज्य',
  },
];

for (const [n, words] of ADDRESS_FORM.entries()) {
  test(`${words.path}: a pincode answer that lands while the shopper is in the state field leaves what they type alone`, async ({
    page,
  }) => {
    await signUpThroughApi(page.request, { firstName: 'Nila', mobile: uniqueMobile(4 + n) });
    // A busy server: the pincode's answer waits until the shopper has moved on to the state field.
    let answer = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/pincodes/*', async (route) => {
      await held;
      await route.continue();
    });
    await open(page, words.path);
    await page.getByRole('button', { name: words.add }).click();
    const form = page.getByRole('dialog', { name: words.dialog });
    const city = form.getByLabel(words.city);
    const state = form.getByLabel(words.state);
    await form.getByLabel(words.pincode).fill('560001');
    await state.focus();
    answer();
    // The answer has landed: the city the shopper is not in is filled, the state they are in is not
    // (filled, it would read 'KarnatakaKarnataka' once they have typed).
    await expect(city).toHaveValue('Bangalore');
    await expect(state).toHaveValue('');
    await state.pressSequentially('Karnataka');
    await expect(state).toHaveValue('Karnataka');
  });
}
