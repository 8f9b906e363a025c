// My alerts (issue 41): a staff member chooses channels, alerts, the new-order digest and the
// language on a phone and on a desk, the API reads back the choice, and the defaults come back.
import { adminPage } from './admin-session.ts';
import { expect, open, test } from './support.ts';

test('the owner chooses their alerts on WhatsApp in Hindi with a 15-minute digest', async ({ browser }) => {
  const { context, admin } = await adminPage(browser);
  try {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await admin.setViewportSize(viewport);
      await open(admin, '/admin/alerts');
      await expect(admin.getByRole('heading', { name: 'My alerts', level: 1 })).toBeVisible();
      await expect(admin.getByText('WhatsApp alerts wait out the quiet hours')).toBeVisible();
      await admin.getByRole('checkbox', { name: 'WhatsApp' }).check();
      await admin.getByRole('checkbox', { name: 'Failed jobs' }).uncheck();
      await admin.getByLabel('How new orders come').selectOption('15');
      await admin.getByRole('radio', { name: 'हिन्दी' }).check();
      await admin.getByRole('button', { name: 'Save my alerts' }).click();
      await expect(admin.getByRole('status')).toHaveText('Your alerts are saved.');
      await expect(admin.getByRole('checkbox', { name: 'WhatsApp' })).toBeChecked();
      await expect(admin.getByRole('checkbox', { name: 'Failed jobs' })).not.toBeChecked();
      await admin.screenshot({ path: `/tmp/shots/alerts/my-alerts-${viewport.width}.png`, fullPage: true });
      const saved = await (await admin.request.get('/api/admin/alert-preferences')).json();
      expect(saved).toMatchObject({
        channels: ['email', 'whatsapp'],
        language: 'hi',
        digestMinutes: 15,
        saved: true,
      });
      expect(saved.kinds).not.toContain('failed_job');
      // Back to the defaults, so other journeys meet an owner told by e-mail only.
      const reset = await admin.request.put('/api/admin/alert-preferences', {
        data: {
          channels: ['email'],
          language: 'en',
          kinds: ['new_order', 'low_stock', 'payment', 'failed_job', 'grievance', 'daily_summary'],
          digestMinutes: 0,
        },
        headers: { origin: new URL(admin.url()).origin },
      });
      expect(reset.ok(), await reset.text()).toBe(true);
    }
  } finally {
    await context.close();
  }
});
