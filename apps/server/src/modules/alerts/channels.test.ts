// One alert on each channel: the e-mail as it is, the SMS with its DLT template on MSG91 (none
// without an id), and WhatsApp as the approved 'staff_alert' template in the recipient's language.
import { describe, expect, it } from 'vitest';
import { alertMessage } from './service.ts';

const config = {
  PUBLIC_URL: 'https://shop.example',
  WHATSAPP_TEMPLATE_STAFF_ALERT: 'staff_alert',
  WHATSAPP_TEMPLATE_LANGUAGE: 'en',
  WHATSAPP_TEMPLATE_LANGUAGE_HI: 'hi',
  MSG91_TEMPLATE_STAFF_ALERT: undefined as string | undefined,
  MSG91_TEMPLATE_STAFF_ALERT_HI: undefined as string | undefined,
};
const owner = { email: 'owner@shop.example', mobile: '9876543210', language: 'hi' as const };
const alert = {
  subject: 'नया ऑर्डर KC-1: ₹549',
  text: 'नया ऑर्डर KC-1\nखोलें: https://shop.example/admin/orders/KC-1',
};

describe('an alert on each channel', () => {
  it('e-mail: subject and text to the staff member’s address', () => {
    expect(alertMessage('email', owner, alert, config, 'outbox')).toEqual({
      channel: 'email',
      to: owner.email,
      subject: alert.subject,
      text: alert.text,
    });
  });

  it('WhatsApp: the approved template in Hindi, two parameters without line breaks', () => {
    const m = alertMessage('whatsapp', owner, alert, config, 'outbox')!;
    expect(m.to).toBe(owner.mobile);
    expect(m.whatsappTemplate).toEqual({
      name: 'staff_alert',
      language: 'hi',
      params: [alert.subject, 'नया ऑर्डर KC-1 · खोलें: https://shop.example/admin/orders/KC-1'],
    });
    expect(m.whatsappTemplate!.params.join('')).not.toMatch(/\n/);
    expect(
      alertMessage('whatsapp', { ...owner, language: 'en' }, alert, config, 'outbox')!.whatsappTemplate!
        .language,
    ).toBe('en');
  });

  it('SMS on MSG91 needs a DLT template: none, no SMS; the Hindi id for Hindi, else the English one', () => {
    expect(alertMessage('sms', owner, alert, config, 'msg91')).toBeNull();
    const en = { ...config, MSG91_TEMPLATE_STAFF_ALERT: 'tmpl-en' };
    expect(alertMessage('sms', owner, alert, en, 'msg91')!.smsTemplate!.id).toBe('tmpl-en');
    const both = { ...en, MSG91_TEMPLATE_STAFF_ALERT_HI: 'tmpl-hi' };
    const sms = alertMessage('sms', owner, alert, both, 'msg91')!;
    expect(sms.smsTemplate).toEqual({ id: 'tmpl-hi', vars: { alert: alert.subject.slice(0, 30) } });
  });

  it('SMS to the dev outbox goes without a template, as its text', () => {
    const sms = alertMessage('sms', owner, alert, config, 'outbox')!;
    expect(sms.smsTemplate).toBeUndefined();
    expect(sms.text).toBe(`${alert.subject}\n${alert.text}`);
  });
});
