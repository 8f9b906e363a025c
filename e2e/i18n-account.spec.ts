// The shopper's own pages in Hindi (issue 15): login and signup by OTP, the profile with its
// addresses and message preferences, the contact page and writing a review, all on /hi, with the
// client-side checks said in Hindi, axe clean, and looked at on a phone (390 px) and a desktop.
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe.ts';
import { latestCode, randomMobile, signUpThroughApi } from './shoppers.ts';
import { DESKTOP, expect, fetchProducts, MOBILE, open, test } from './support.ts';

/** The header's login button, in Hindi. */
const loginButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: 'लॉग इन', exact: true });

/**
 * A full-page screenshot at a phone's and a desktop's width, with nothing wider than the page;
 * `show` (an error in a dialog that scrolls) is scrolled into view first; a dialog is looked at
 * as the screen shows it (fullPage false).
 */
async function lookAt(page: Page, name: string, show?: Locator, fullPage = true) {
  for (const [label, size] of [
    ['390', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    // Hindi runs longer than English: no text may push the page sideways.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await show?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${label}.png`), fullPage });
  }
}

test('on /hi a new number logs in by OTP and signs up in Hindi, with Hindi errors', async ({ page }) => {
  const mobile = randomMobile();
  const email = `asha.${mobile}@example.in`;
  await open(page, '/hi');

  await loginButton(page).click();
  const login = page.getByRole('dialog', { name: 'लॉग इन' });
  await expect(login.getByText('अपने मोबाइल नंबर से लॉग इन करें या नया खाता बनाएँ।')).toBeVisible();
  // Nine digits: the spec's 'Enter valid 10-digit mobile.' in Hindi.
  await login.getByLabel('मोबाइल नंबर').fill(mobile.slice(0, 9));
  await login.getByRole('button', { name: 'OTP भेजें' }).click();
  await expect(login.getByRole('alert')).toHaveText('सही 10 अंकों का मोबाइल नंबर डालें।');
  await expectNoSeriousAxeViolations(page);
  await lookAt(page, 'login-modal', login.getByRole('alert'), false);

  await login.getByLabel('मोबाइल नंबर').fill(mobile);
  await login.getByRole('button', { name: 'OTP भेजें' }).click();
  const otp = login.getByLabel(`+91 ${mobile} पर भेजा गया 6 अंकों का OTP डालें`);
  await expect(otp).toBeFocused();
  await expect(login.getByText(/^\d+ सेकंड में OTP दोबारा भेजें$/)).toBeVisible();
  await otp.fill(await latestCode(page.request, mobile));

  // A new number: the signup modal, in Hindi.
  const signup = page.getByRole('dialog', { name: 'साइन अप पूरा करें' });
  await expect(signup.getByLabel('मोबाइल नंबर')).toHaveValue(`+91 ${mobile}`);
  await signup.getByRole('button', { name: 'सबमिट करें' }).click();
  await expect(signup.getByRole('alert')).toHaveText('कृपया सभी ज़रूरी जानकारी भरें।');
  await signup.getByLabel('पहला नाम').fill('Asha');
  await signup.getByLabel('उपनाम').fill('Rao');
  await signup.getByLabel('ईमेल', { exact: true }).fill('asha-at-example.in');
  await signup.getByRole('button', { name: 'पुष्टि करें' }).click();
  await expect(signup.getByRole('alert')).toHaveText('सही ईमेल डालें।');
  await signup.getByLabel('ईमेल', { exact: true }).fill(email);
  await signup.getByRole('button', { name: 'सबमिट करें' }).click();
  await expect(signup.getByRole('alert')).toHaveText('कृपया अपने ईमेल की पुष्टि करें।');
  await signup.getByRole('button', { name: 'पुष्टि करें' }).click();
  await expect(signup.getByRole('status')).toHaveText('OTP आपके ईमेल पर भेज दिया गया है।');
  await expect(signup.getByRole('button', { name: /^\d+ सेकंड में दोबारा भेजें$/ })).toBeDisabled();
  await signup.getByLabel('ईमेल OTP').fill(await latestCode(page.request, email));
  await expect(signup.getByRole('img', { name: 'ईमेल की पुष्टि हो गई' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await lookAt(page, 'signup-modal', signup.getByRole('img', { name: 'ईमेल की पुष्टि हो गई' }), false);
  await signup.getByRole('button', { name: 'सबमिट करें' }).click();
  await expect(signup.getByRole('status')).toHaveText('साइन अप हो गया!');
  await expect(signup).toBeHidden();
  await expect(page).toHaveURL(/\/hi$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Asha', exact: true })).toBeVisible();
});

test('on /hi a returning shopper logs in with the OTP from the dev outbox', async ({ page, request }) => {
  // The account is made in a context of its own: the page stays logged out.
  const { mobile, firstName } = await signUpThroughApi(request, { firstName: 'Farah' });
  await open(page, '/hi/contact');
  await loginButton(page).click();
  const login = page.getByRole('dialog', { name: 'लॉग इन' });
  await login.getByLabel('मोबाइल नंबर').fill(mobile);
  await login.getByRole('button', { name: 'OTP भेजें' }).click();
  // A wrong code first: the code field empties and says so (the server's text), then the right one.
  const otp = login.getByLabel(`+91 ${mobile} पर भेजा गया 6 अंकों का OTP डालें`);
  const code = await latestCode(page.request, mobile);
  await otp.fill(code === '000000' ? '111111' : '000000');
  await expect(login.getByRole('alert')).toBeVisible();
  await expect(otp).toHaveValue('');
  await otp.fill(code);
  await expect(login).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: firstName, exact: true })).toBeVisible();
  // Still on the Hindi page it started from.
  await expect(page).toHaveURL(/\/hi\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('संपर्क करें');
});

test('/hi/profile: addresses and message preferences in Hindi, a bad pincode said in Hindi', async ({
  page,
}) => {
  await signUpThroughApi(page.request, { firstName: 'Meera', lastName: 'Nair' });
  await open(page, '/hi/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('मेरी प्रोफ़ाइल');
  await expect(page).toHaveTitle(/^मेरी प्रोफ़ाइल \| /);
  await expect(page.getByText('पहला नाम')).toBeVisible();
  await expect(page.getByText('कोई पता सहेजा नहीं गया है।')).toBeVisible();

  await page.getByRole('button', { name: '+ नया पता जोड़ें' }).click();
  const form = page.getByRole('dialog', { name: 'नया पता जोड़ें' });
  await form.getByRole('button', { name: 'पता सहेजें' }).click();
  await expect(form.getByRole('alert')).toHaveText('कृपया सभी ज़रूरी जानकारी भरें।');
  await form.getByLabel('पूरा नाम').fill('Meera Nair');
  await form.getByLabel(/^फ़ोन नंबर/).fill('9876543210');
  await form.getByLabel('पिनकोड').fill('56001');
  await form.getByLabel('इलाक़ा').fill('Indiranagar');
  await form.getByLabel(/^पता \(/).fill('12, 4th Cross, HAL 2nd Stage');
  await form.getByLabel(/^शहर/).fill('Bengaluru');
  await form.getByLabel('राज्य').fill('Karnataka');
  await form.getByRole('button', { name: 'पता सहेजें' }).click();
  // Five digits: the spec's 'Please enter the valid pincode.' in Hindi, the field marked.
  await expect(form.getByRole('alert')).toHaveText('कृपया सही पिनकोड डालें।');
  await expect(form.getByLabel('पिनकोड')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('(ज़रूरी नहीं)')).toHaveCount(2);
  await expectNoSeriousAxeViolations(page);
  await lookAt(page, 'address-form', form.getByRole('alert'), false);

  await form.getByLabel('पिनकोड').fill('560001');
  await form.getByLabel('कार्यालय').check();
  await form.getByRole('button', { name: 'पता सहेजें' }).click();
  await expect(form).toBeHidden();
  const card = page.locator('.address-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('कार्यालय');
  // The state typed in English reads in Hindi. The city is as typed, or the pincode's district
  // when the pincode's look-up answered before the save (it fills the city in).
  await expect(card).toContainText(/(Bengaluru|Bangalore), कर्नाटक – 560001/);
  await expect(card).not.toContainText('Karnataka');
  await expect(card).toContainText('डिफ़ॉल्ट');
  await expect(card).toContainText('फ़ोन: +91 98765 43210');
  await card.getByRole('button', { name: 'Meera Nair के पते के विकल्प' }).click();
  await expect(card.getByRole('button', { name: 'बदलें' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'हटाएँ' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Message preferences: WhatsApp opted in, the time said with a Hindi month.
  const prefs = page.getByRole('region', { name: 'ऑर्डर से जुड़े संदेश' });
  await expect(prefs.getByLabel('मेरे ऑर्डरों की जानकारी ईमेल पर')).toBeChecked();
  await prefs.getByLabel(/^मेरे ऑर्डरों की जानकारी WhatsApp पर/).check();
  await prefs.getByRole('button', { name: 'पसंद सहेजें' }).click();
  await expect(prefs.getByRole('status')).toHaveText('संदेशों के बारे में आपकी पसंद सहेज ली गई है।');
  await expect(prefs).toContainText(
    /(जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्तूबर|नवंबर|दिसंबर) \d{4}.* को अनुमति दी।/,
  );
  await expect(prefs).toContainText('SMS से हमेशा आपके मोबाइल पर भेजी जाती है');
  await expectNoSeriousAxeViolations(page);
  await lookAt(page, 'profile');
});

test('/hi/contact in Hindi: errors by field, then the message goes out', async ({ page }) => {
  await open(page, '/hi/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('संपर्क करें');
  await expect(page).toHaveTitle(/^संपर्क करें \| /);
  const form = page.locator('form.contact-form');
  await form.getByRole('button', { name: 'भेजें' }).click();
  await expect(form.getByRole('alert')).toHaveText('कृपया सभी ज़रूरी जानकारी भरें।');

  await form.getByLabel('पूरा नाम').fill('Ravi Kumar');
  await form.getByLabel('ईमेल पता').fill('ravi.example.in');
  await form.getByLabel('फ़ोन नंबर').fill('98765');
  await form.getByLabel('संदेश').fill('क्या गरम मसाला 1 किलो के पैक में मिलता है?');
  await form.getByRole('button', { name: 'भेजें' }).click();
  // The shared rules' texts, said in Hindi under their fields.
  await expect(form.getByText('कृपया सही ईमेल पता डालें।')).toHaveCount(2);
  await expect(form.getByText('कृपया सही 10 अंकों का फ़ोन नंबर डालें।')).toBeVisible();
  await expect(form.getByLabel('ईमेल पता')).toBeFocused();
  await expectNoSeriousAxeViolations(page);
  await lookAt(page, 'contact-page');

  await form.getByLabel('ईमेल पता').fill('ravi@example.in');
  await form.getByLabel('फ़ोन नंबर').fill('9876543210');
  await form.getByRole('button', { name: 'भेजें' }).click();
  await expect(form.getByRole('status')).toHaveText('आपका संदेश भेज दिया गया है।');
  await expect(form.getByLabel('संदेश')).toHaveValue('');
  await expectNoSeriousAxeViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/hi/contact posts to itself and answers in Hindi', async ({ page }) => {
    await page.goto('/hi');
    await page.getByRole('contentinfo').getByRole('link', { name: 'संपर्क करें', exact: true }).click();
    await expect(page).toHaveURL(/\/hi\/contact$/);
    await page.getByLabel('पूरा नाम').fill('Sanjay Rao');
    await page.getByLabel('ईमेल पता').fill('sanjay.example.in');
    await page.getByRole('button', { name: 'भेजें' }).click();
    await expect(page).toHaveURL(/\/hi\/contact$/);
    await expect(page.getByRole('alert')).toHaveText('कृपया सभी ज़रूरी जानकारी भरें।');
    await expect(page.getByLabel('पूरा नाम')).toHaveValue('Sanjay Rao');
    await page.getByLabel('फ़ोन नंबर').fill('9988776655');
    await page.getByLabel('संदेश').fill('बड़े पैक के दाम बताइए।');
    await page.getByRole('button', { name: 'भेजें' }).click();
    await expect(page.getByRole('alert')).toHaveText('कृपया सही ईमेल पता डालें।');
    await page.getByLabel('ईमेल पता').fill('sanjay@example.in');
    await page.getByRole('button', { name: 'भेजें' }).click();
    await expect(page.getByRole('status')).toHaveText('आपका संदेश भेज दिया गया है।');
  });
});

test('on /hi/rate a shopper writes a review in Hindi and lands on the Hindi product page', async ({
  page,
}) => {
  const { active } = await fetchProducts(page.request);
  // A product no other journey counts the reviews of.
  const product = active.find((p) => p.name === 'Chaat Masala');
  expect(product, 'seed: Chaat Masala').toBeDefined();
  await signUpThroughApi(page.request, { firstName: 'Lata', lastName: 'Menon' });
  await open(page, `/hi/rate/${product!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('इस उत्पाद को रेटिंग दें');
  await expect(page.getByRole('link', { name: 'होम' }).first()).toHaveAttribute('href', '/hi');

  await page.getByRole('button', { name: 'सबमिट करें' }).click();
  await expect(page.getByText('कृपया रेटिंग चुनें।')).toBeVisible();
  await expect(page.getByText('समीक्षा लिखना ज़रूरी है।')).toBeVisible();
  await expect(page.getByText('1 से 5 स्टार चुनें')).toBeVisible();

  await page.getByRole('radio', { name: '4 स्टार, बहुत अच्छा' }).check({ force: true });
  await expect(page.getByText('बहुत अच्छा', { exact: true })).toBeVisible();
  await page.getByLabel(/^शीर्षक/).fill('बढ़िया स्वाद');
  await page.getByLabel(/^समीक्षा/).fill('चाट का स्वाद घर जैसा आया। ख़ुशबू भी बहुत अच्छी है।');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'सबमिट करें' }).click();

  await expect(page).toHaveURL(new RegExp(`/hi/product/${product!.slug}\\?reviewed=true$`));
  const reviews = page.getByRole('region', { name: 'ग्राहकों की समीक्षाएँ' });
  await expect(reviews.getByRole('status')).toHaveText('धन्यवाद! आपकी समीक्षा मिल गई है।');
  const mine = reviews.getByRole('listitem').filter({ hasText: 'बढ़िया स्वाद' });
  await expect(mine).toContainText('Lata Menon');
  await expect(mine.getByRole('img', { name: '5 में से 4 रेटिंग' })).toBeVisible();
  await expect(mine.locator('time')).toHaveText(
    /^\d{1,2} (जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|अक्तूबर|नवंबर|दिसंबर) \d{4}$/,
  );
  await expect(reviews).toContainText(/\d+ समीक्षा(ओं)? के आधार पर/);
  await expect(reviews.getByRole('link', { name: 'समीक्षा लिखें' })).toHaveAttribute(
    'href',
    `/hi/rate/${product!.id}`,
  );
  // Back to the rate page: the review is there to edit.
  await reviews.getByRole('link', { name: 'समीक्षा लिखें' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('अपनी समीक्षा बदलें');
  await expect(page.getByRole('radio', { name: '4 स्टार, बहुत अच्छा' })).toBeChecked();
  await lookAt(page, 'rate-page');
});
