// The back-office dashboard's confirmation rate beside the RTO rate (issue 34): a COD order placed
// on the demo (confirmation required) is counted as asked to confirm; screenshots at 360 and 1280 px.
import { request as playwrightRequest } from '@playwright/test';
import { adminPage } from './admin-session.ts';
import { placeCodOrder } from './orders-api.ts';
import { signUpThroughApi } from './shoppers.ts';
import { expect, open, test } from './support.ts';

const SHOTS = '/tmp/shots/codc2';

test('the dashboard shows the confirmation rate by week, state and pincode area beside the RTO rate', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const shopper = await playwrightRequest.newContext({ baseURL });
  const { mobile } = await signUpThroughApi(shopper, { firstName: 'Tara' });
  await placeCodOrder(shopper, mobile);
  const { context, admin } = await adminPage(browser);
  await admin.setViewportSize({ width: 1280, height: 900 });
  await open(admin, '/admin');
  const rto = admin.getByRole('region', { name: 'Returned to origin (COD, last 90 days)' });
  const confirmation = admin.getByRole('region', { name: 'Confirmed by the shopper (COD, last 90 days)' });
  await expect(rto).toBeVisible();
  await expect(confirmation.getByRole('heading', { name: 'By week placed' })).toBeVisible();
  await expect(confirmation.getByRole('heading', { name: 'By state' })).toBeVisible();
  await expect(
    confirmation.getByRole('heading', { name: 'By pincode area (first three digits)' }),
  ).toBeVisible();
  await expect(confirmation.getByRole('columnheader', { name: 'Confirmation rate' }).first()).toBeVisible();
  // The order just placed waits for its shopper: counted as asked, in Maharashtra (the test address).
  await expect(confirmation.getByRole('row').filter({ hasText: 'Maharashtra' })).toBeVisible();
  await confirmation.scrollIntoViewIfNeeded();
  await admin.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true });
  await admin.setViewportSize({ width: 360, height: 800 });
  await admin.screenshot({ path: `${SHOTS}/dashboard-360.png`, fullPage: true });
  await context.close();
  await shopper.dispose();
});
