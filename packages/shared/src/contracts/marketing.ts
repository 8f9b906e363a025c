// Bringing shoppers back (issue 37, decision 0041): marketing consent per channel, the back
// office's marketing settings, abandoned carts and their recovery link, back-in-stock alerts and
// the unsubscribe link. Rupees on the wire.
import { isHourMinute } from '../marketing-timing.ts';
import { Rupees } from './rupees.ts';
import * as z from './zod.ts';

export const MARKETING_CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number];

export const MarketingChoices = z.object({
  whatsapp: z.boolean(),
  sms: z.boolean(),
  email: z.boolean(),
});
export type MarketingChoicesDto = z.infer<typeof MarketingChoices>;

export const MARKETING_TEXTS = {
  inStock: 'This item is in stock.',
  variantNotFound: 'Variant not found.',
  linkInvalid: 'This link has expired or is not valid.',
  otherAccount: 'This link was sent to another account. Sign in with the mobile it was sent to.',
  signInToRecover: (maskedMobile: string) => `Sign in with ${maskedMobile} to see your cart.`,
  replyStop: 'Reply STOP to stop',
  checkoutConsent: 'Send me offers and reminders on WhatsApp',
  idleRange: 'Enter minutes from 1 to 1440.',
  delayRange: 'Enter minutes from 0 to 2880.',
  timeOfDay: 'Enter a time as HH:MM, like 21:00.',
} as const;

const HourMinute = z.string().refine(isHourMinute, MARKETING_TEXTS.timeOfDay);

export const MarketingSettingsInput = z
  .object({
    abandonedCart: z.object({
      enabled: z.boolean(),
      idleMinutes: z.number().int().min(1, MARKETING_TEXTS.idleRange).max(1440, MARKETING_TEXTS.idleRange),
      delaysMinutes: z
        .array(z.number().int().min(0, MARKETING_TEXTS.delayRange).max(2880, MARKETING_TEXTS.delayRange))
        .min(1)
        .max(2),
      couponCode: z.string().trim().min(1).max(40).nullable(),
    }),
    quietHours: z.object({ from: HourMinute, to: HourMinute }).nullable(),
    maxPerShopperPerDay: z.number().int().min(0).max(10),
    backInStockBatchFactor: z.number().int().min(1).max(100),
    version: z.number().int().min(0),
  })
  .meta({ id: 'MarketingSettingsBody' });
export type MarketingSettingsInputDto = z.infer<typeof MarketingSettingsInput>;

export const MarketingSettings = MarketingSettingsInput.meta({ id: 'MarketingSettings' });
export type MarketingSettingsDto = z.infer<typeof MarketingSettings>;

/** The demo shop's settings before the owner saves any (issue 37). */
export const DEMO_MARKETING_SETTINGS: MarketingSettingsDto = {
  abandonedCart: { enabled: true, idleMinutes: 60, delaysMinutes: [60, 1380], couponCode: null },
  quietHours: { from: '21:00', to: '10:00' },
  maxPerShopperPerDay: 1,
  backInStockBatchFactor: 5,
  version: 0,
};

export const ABANDONED_CART_STATUSES = ['OPEN', 'RECOVERED', 'EXPIRED'] as const;

export const AbandonedCartsQuery = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const AbandonedCart = z.object({
  id: z.number().int(),
  shopper: z.object({ name: z.string(), mobile: z.string() }),
  abandonedAt: z.string(),
  items: z.number().int(),
  value: Rupees,
  messagesSent: z.number().int(),
  status: z.enum(ABANDONED_CART_STATUSES),
  orderNumber: z.string().nullable(),
  revenue: Rupees,
});
export type AbandonedCartDto = z.infer<typeof AbandonedCart>;

export const AbandonedCartList = z
  .object({
    carts: z.array(AbandonedCart),
    totals: z.object({
      carts: z.number().int(),
      messagesSent: z.number().int(),
      ordersRecovered: z.number().int(),
      revenueRecovered: Rupees,
    }),
  })
  .meta({ id: 'AbandonedCartList' });
export type AbandonedCartListDto = z.infer<typeof AbandonedCartList>;

export const TokenParam = z.object({ token: z.string().max(200) });

export const BackInStockParams = z.object({ slug: z.string().max(200) });
export const BackInStockInput = z.object({ variantId: z.number().int().positive() });
export const BackInStockState = z.object({ variantId: z.number().int(), subscribed: z.boolean() });
export const BackInStockMine = z.object({ variantIds: z.array(z.number().int()) });

export const BackInStockWaiting = z
  .array(
    z.object({
      productId: z.number().int(),
      productName: z.string(),
      variantId: z.number().int(),
      variant: z.string(),
      stock: z.number().int(),
      waiting: z.number().int(),
    }),
  )
  .meta({ id: 'BackInStockWaiting' });
export type BackInStockWaitingDto = z.infer<typeof BackInStockWaiting>;

export const Unsubscribed = z.object({ channel: z.enum(MARKETING_CHANNELS), unsubscribed: z.literal(true) });

export const DevClockInput = z.object({
  advanceMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 30),
});
export const DevClock = z.object({ now: z.string(), ran: z.number().int() });
