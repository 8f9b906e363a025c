// Issue 42: 'Get delivery updates on this phone' is offered after an order (never on the home or
// before a purchase) and as a switch on the profile, in the page's language; screenshots at 360 px.
// The shop under test has no VAPID keys, so the key is answered here; the subscription itself
// (the browser's push service) and the sending are tested in apps/server/src/modules/push.
import { placeCodOrder } from './orders-api.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

const SHOTS = '/tmp/shots/pwa';
// A P-256 public key in the form PushManager.subscribe takes (not used to send anything here).
const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });

test('offered after an order and on the profile, never before', async ({ page }) => {
  test.setTimeout(60_000);
  await page.route('**/api/push/key', (route) => route.fulfill({ json: { publicKey: PUBLIC_KEY } }));
  const shopper = await signUpThroughApi(page.request, { firstName: 'Push' });
  const offer = page.getByRole('heading', { name: 'इस फ़ोन पर डिलीवरी की जानकारी पाएँ' });

  await open(page, '/hi');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(offer).toHaveCount(0);

  const { orderNumber, amount } = await placeCodOrder(page.request, shopper.mobile);
  // The success page as checkout opens it: the order in the navigation's state.
  await page.evaluate(
    ({ orderId, totalAmount }) =>
      (
        window as unknown as {
          __reactRouterDataRouter: { navigate(to: string, opts: object): Promise<void> };
        }
      ).__reactRouterDataRouter.navigate('/hi/order-success', {
        state: { orderId, totalAmount, paymentMode: 'COD' },
      }),
    { orderId: orderNumber, totalAmount: amount },
  );
  await expect(offer).toBeVisible();
  await expect(page.getByRole('button', { name: 'इस फ़ोन पर डिलीवरी की जानकारी पाएँ' })).toBeEnabled();
  await offer.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/push-offer-hi-360.png` });

  await open(page, '/profile');
  const toggle = page.getByRole('checkbox', { name: /Delivery updates on this phone: Off/ });
  await expect(toggle).not.toBeChecked();
  await toggle.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/push-switch-360.png` });
});
