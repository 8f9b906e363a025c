// Logs the demo admin in once for the whole run and saves the session for every admin journey:
// one number may ask for a new code only every 30 s, so specs running in parallel cannot each
// log in on their own.
import { ADMIN_STATE_FILE, DEMO_ADMIN_MOBILE } from './admin-session.ts';
import { latestCode } from './shoppers.ts';
import { expect, test as setup } from './support.ts';

setup('the demo admin logs in', async ({ request }) => {
  const mobile = DEMO_ADMIN_MOBILE;
  expect((await request.post('/api/auth/otp/send', { data: { mobile } })).ok()).toBe(true);
  const otp = await latestCode(request, mobile);
  expect((await request.post('/api/auth/otp/verify', { data: { mobile, otp } })).ok()).toBe(true);
  // The session must carry the admin role, or every admin journey would fail later and vaguely.
  expect((await request.get('/api/admin/audit')).status()).toBe(200);
  await request.storageState({ path: ADMIN_STATE_FILE });
});
