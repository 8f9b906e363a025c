// Each order message renders the facts of its event, in HTML with a plain-text part, with the
// store's name and logo from the settings (the fixtures' store is not the demo brand).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGE_EVENTS } from './order-messages.ts';
import { facts, orderFacts, STORE } from './template-fixtures.ts';
import { MESSAGE_LANGUAGES, messageDate, otpEmail, otpSmsText, renderOrderMessage } from './templates.ts';

describe('every order message', () => {
  it.each(ORDER_MESSAGE_EVENTS)(
    '%s: names the store and order, with an HTML and a plain-text part',
    async (event) => {
      const { email, sms, whatsapp } = await renderOrderMessage(facts(event));
      expect(email.subject).toContain('Masala Ghar');
      expect(email.subject).toContain('KC261123-ABC234');
      expect(email.html).toMatch(/^<!DOCTYPE html/);
      expect(email.html).not.toMatch(/<script/i);
      expect(email.html).toContain(`src="${STORE.logoUrl}"`);
      expect(email.html).toContain('href="https://shop.example.in/orders/KC261123-ABC234"');
      for (const part of [email.html, email.text]) {
        // The order summary: lines, totals and address.
        expect(part).toContain('Garam Masala 100g × 2');
        expect(part).toContain('₹240');
        expect(part).toContain('Haldi Powder 200g × 1');
        expect(part).toContain('₹342.45');
        expect(part).toContain('Coupon (WELCOME10)');
        expect(part).toContain('7, Princess Street, Fort Kochi, Kochi, Kerala, 682001');
        expect(part).toContain('help@masalaghar.example');
        expect(part).not.toMatch(/kesar chakki/i);
      }
      expect(email.text).not.toContain('<');
      expect(sms.text).toMatch(/^Masala Ghar: Hi Meera, /);
      expect(sms.vars.order).toBe('KC261123-ABC234');
      expect(whatsapp.params).toEqual(Object.values(sms.vars));
    },
  );

  it('hard-codes no store name in the templates themselves', () => {
    const source = readFileSync(new URL('./templates.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/kesar|chakki/i);
  });
});

describe('placed', () => {
  it('says what is to pay on delivery for a COD order, and what was paid otherwise', async () => {
    const prepaid = await renderOrderMessage(facts('placed'));
    expect(prepaid.email.text).toMatch(/Total paid\s+₹342.45/);
    const cod = await renderOrderMessage(
      facts('placed', {
        order: orderFacts({ paymentMode: 'COD', totals: { ...orderFacts().totals, codFeePaise: 2500 } }),
      }),
    );
    expect(cod.email.text).toMatch(/To pay on delivery \(cash or UPI\)\s+₹342.45/);
    expect(cod.email.text).toMatch(/Cash on delivery fee\s+₹25/);
  });

  it('promises the order its own delivery day, never a generic range', async () => {
    const en = await renderOrderMessage(facts('placed'));
    expect(en.email.text).toContain('It should reach you by Sat, 28 Nov.');
    expect(en.sms.text).toContain('Delivery by Sat, 28 Nov.');
    expect(`${en.email.text} ${en.sms.text}`).not.toMatch(/5–15/);
    const hi = await renderOrderMessage(facts('placed', { order: orderFacts({ language: 'hi' }) }));
    expect(hi.email.text).toContain('यह शनिवार, 28 नवंबर तक आप तक पहुँच जाना चाहिए।');
    expect(hi.sms.text).toContain('शनिवार, 28 नवंबर तक डिलीवरी।');
    const unknown = await renderOrderMessage(
      facts('placed', { order: orderFacts({ estimatedDelivery: null }) }),
    );
    expect(unknown.email.text).not.toMatch(/5–15|reach you by/);
    expect(unknown.sms.vars.delivery).toBe('-');
  });

  it('writes the delivery address’s state in Hindi in a Hindi message, the rest as typed', async () => {
    const hi = await renderOrderMessage(facts('placed', { order: orderFacts({ language: 'hi' }) }));
    expect(hi.email.text).toContain('7, Princess Street, Fort Kochi, Kochi, केरल, 682001');
    expect(hi.email.text).not.toContain('Kerala');
    const en = await renderOrderMessage(facts('placed'));
    expect(en.email.text).toContain('Kochi, Kerala, 682001');
  });
});

describe('shipped', () => {
  it('gives the courier, AWB and tracking link when the order has them', async () => {
    const tracking = { courier: 'Delhivery', awb: '1234567890', url: 'https://track.example/1234567890' };
    const { email, sms } = await renderOrderMessage(facts('shipped', { order: orderFacts({ tracking }) }));
    expect(email.text).toContain('Courier: Delhivery');
    expect(email.text).toContain('AWB / tracking number: 1234567890');
    expect(email.html).toContain('href="https://track.example/1234567890"');
    expect(sms.text).toContain('Delhivery, AWB 1234567890, https://track.example/1234567890');
  });

  it('gives the tracking id alone when that is all there is, and the order page when there is none', async () => {
    const idOnly = orderFacts({ tracking: { courier: null, awb: 'DTDC123', url: null } });
    const one = await renderOrderMessage(facts('shipped', { order: idOnly }));
    expect(one.email.text).toContain('AWB / tracking number: DTDC123');
    expect(one.email.text).not.toContain('Courier:');
    expect(one.sms.vars.tracking).toBe('AWB DTDC123');
    const none = await renderOrderMessage(facts('shipped'));
    expect(none.email.text).not.toContain('AWB');
    expect(none.sms.vars.tracking).toBe('https://shop.example.in/orders/KC261123-ABC234');
  });
});

describe('out for delivery', () => {
  it('asks a COD shopper to keep the amount ready', async () => {
    const cod = await renderOrderMessage(
      facts('out_for_delivery', { order: orderFacts({ paymentMode: 'COD' }) }),
    );
    expect(cod.email.text).toContain('Please keep ₹342.45 ready to pay in cash or by UPI.');
    expect(cod.sms.text).toContain('Please keep ₹342.45 ready.');
    const prepaid = await renderOrderMessage(facts('out_for_delivery'));
    expect(prepaid.sms.text).not.toContain('keep');
  });
});

describe('delivered', () => {
  it('links to rating each product bought', async () => {
    const { email } = await renderOrderMessage(facts('delivered'));
    expect(email.html).toContain('href="https://shop.example.in/rate/11"');
    expect(email.html).toContain('href="https://shop.example.in/rate/12"');
    expect(email.text).toContain('Rate Garam Masala https://shop.example.in/rate/11');
  });
});

describe('cancelled', () => {
  it('promises a refund to a prepaid shopper only', async () => {
    expect((await renderOrderMessage(facts('cancelled'))).email.text).toContain('will be refunded');
    const cod = await renderOrderMessage(facts('cancelled', { order: orderFacts({ paymentMode: 'COD' }) }));
    expect(cod.email.text).toContain('Nothing is due from you.');
  });

  it('says what the cancellation refunds now: all that was paid, or the part not refunded earlier', async () => {
    const lead = async (refundAmountPaise: number | null, lang: 'en' | 'hi') =>
      (await renderOrderMessage(facts('cancelled', { refundAmountPaise }), lang)).email.text;
    expect(await lead(34245, 'en')).toContain(
      'The ₹342.45 you paid will be refunded to your original payment method',
    );
    expect(await lead(34245, 'hi')).toContain('आपके चुकाए ₹342.45 उसी तरीक़े में वापस आएँगे');
    // ₹100 was refunded earlier (some lines): the cancellation refunds the rest, and says so.
    const rest = await lead(24245, 'en');
    expect(rest).toContain('₹242.45, the part of the ₹342.45 you paid not refunded yet, will be refunded');
    expect(rest).not.toContain('The ₹342.45 you paid will be refunded');
    expect(await lead(24245, 'hi')).toContain(
      'आपके चुकाए ₹342.45 में से जो ₹242.45 अभी तक वापस नहीं हुए, वे उसी तरीक़े में वापस आएँगे',
    );
    expect(await lead(null, 'en')).toContain('What you paid and was not refunded yet will be refunded');
    expect(await lead(null, 'hi')).toContain('आपके चुकाए पैसों में से जो अभी तक वापस नहीं हुए, वे उसी तरीक़े');
  });
});

describe('refunded', () => {
  it('gives the amount when known, and reads well without it', async () => {
    const known = await renderOrderMessage(facts('refunded', { refundAmountPaise: 12050 }));
    expect(known.email.text).toContain('a refund of ₹120.50 for your order KC261123-ABC234 is processed');
    expect(known.sms.text).toContain('the refund of ₹120.50');
    const unknown = await renderOrderMessage(facts('refunded'));
    expect(unknown.email.text).toContain('the refund for your order KC261123-ABC234 is processed');
    expect(unknown.sms.text).toContain('the refund of your payment');
  });

  it('lists the lines a partial refund is for, in both languages', async () => {
    const refundLines = [{ itemId: 1, quantity: 1 }];
    const en = await renderOrderMessage(facts('refunded', { refundAmountPaise: 12050, refundLines }));
    expect(en.email.text).toContain('is processed. It covers 1 × Garam Masala 100g. It reaches');
    const hi = await renderOrderMessage(
      facts('refunded', { order: orderFacts({ language: 'hi' }), refundAmountPaise: 12050, refundLines }),
    );
    expect(hi.email.text).toContain('यह रिफ़ंड इनके लिए है: 1 × Garam Masala 100g।');
  });
});

describe('returned', () => {
  it('tells a prepaid shopper the refund is on its way, and a COD shopper that nothing is due', async () => {
    const paid = await renderOrderMessage(facts('returned'));
    expect(paid.email.subject).toContain('came back to us');
    expect(paid.email.text).toContain('is being refunded to your original payment method');
    const cod = await renderOrderMessage(facts('returned', { order: orderFacts({ paymentMode: 'COD' }) }));
    expect(cod.email.text).toContain('Nothing is due from you.');
    const hi = await renderOrderMessage(facts('returned', { order: orderFacts({ language: 'hi' }) }));
    expect(hi.email.text).toContain('हमें लौटा दिया');
  });
});

describe('both languages', () => {
  const DEVANAGARI = /[\u0900-\u097F]/;
  const hindiOrder = orderFacts({
    language: 'hi',
    paymentMode: 'COD',
    tracking: { courier: 'Delhivery', awb: 'AWB77', url: null },
  });

  it('every language has every message', () => {
    expect(MESSAGE_LANGUAGES.sort()).toEqual(['en', 'hi']);
  });

  it.each(ORDER_MESSAGE_EVENTS)(
    '%s: the Hindi e-mail, SMS and WhatsApp are in Hindi, with /hi links',
    async (event) => {
      const hi = await renderOrderMessage(facts(event, { order: hindiOrder, refundAmountPaise: 12050 }));
      const en = await renderOrderMessage(
        facts(event, { order: hindiOrder, refundAmountPaise: 12050 }),
        'en',
      );
      for (const text of [hi.email.subject, hi.email.text, hi.sms.text, hi.whatsapp.text]) {
        expect(text).toMatch(DEVANAGARI);
        expect(text).toContain('KC261123-ABC234');
        expect(text).not.toMatch(/kesar chakki/i);
      }
      expect(hi.email.subject).toContain('Masala Ghar');
      expect(hi.email.html).toContain('lang="hi"');
      expect(hi.email.html).toContain('href="https://shop.example.in/hi/orders/KC261123-ABC234"');
      expect(hi.email.html).not.toContain('href="https://shop.example.in/orders/');
      // The same variables in both languages: one DLT/WhatsApp template per language, same slots.
      expect(Object.keys(hi.sms.vars)).toEqual(Object.keys(en.sms.vars));
      expect(hi.whatsapp.params.length).toBe(en.whatsapp.params.length);
      // The English render of the same order shares no sentence with the Hindi.
      expect(en.email.subject).not.toMatch(DEVANAGARI);
      expect(hi.email.text).not.toContain('Order summary');
      expect(hi.email.text).not.toContain('Phone:');
    },
  );

  it('dates are IST with Hindi month names in Hindi', async () => {
    // 20:00 UTC on 30 November is 1 December in India.
    const at = new Date('2026-11-30T20:00:00Z');
    expect(messageDate(at, 'hi')).toBe('1 दिसंबर 2026');
    expect(messageDate(at, 'en')).toBe('1 December 2026');
    const hi = await renderOrderMessage(facts('placed', { order: { ...hindiOrder, createdAt: at } }));
    expect(hi.email.text).toContain('ऑर्डर की तारीख़: 1 दिसंबर 2026');
  });

  it('delivered: the rating links of a Hindi order go to /hi/rate', async () => {
    const hi = await renderOrderMessage(facts('delivered', { order: hindiOrder }));
    expect(hi.sms.text).toContain('https://shop.example.in/hi/rate/11');
    expect(hi.email.html).toContain('href="https://shop.example.in/hi/rate/12"');
  });

  it('OTP texts in both languages take the store name and the lifetime', () => {
    const f = { storeName: 'Masala Ghar', code: '123456', ttlSeconds: 600 };
    expect(otpSmsText(f, 'en')).toBe(
      '123456 is your Masala Ghar login code. It is valid for 10 minutes. Do not share it with anyone.',
    );
    expect(otpSmsText(f, 'hi')).toContain('10 मिनट');
    expect(otpSmsText({ ...f, ttlSeconds: 60 }, 'en')).toContain('valid for 1 minute.');
    for (const lang of MESSAGE_LANGUAGES) {
      const mail = otpEmail(f, lang);
      expect(mail.subject).toContain('123456');
      expect(mail.text).toContain('Masala Ghar');
    }
    expect(otpEmail(f, 'hi').text).toMatch(DEVANAGARI);
  });
});
