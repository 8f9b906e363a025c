import { POLICY_KINDS } from '../policy.ts';
import { CodSettings, PrepaidDiscountSettings } from './cod.ts';
import { Rupees } from './rupees.ts';
import * as z from './zod.ts';

export const Banner = z
  .object({
    id: z.number().int(),
    imageUrl: z.string(),
    alt: z.string(),
    linkUrl: z.string().nullable(),
    visible: z.boolean(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
  })
  .meta({ id: 'Banner' });

export const FooterLink = z.object({ label: z.string(), url: z.string() });

export const Footer = z
  .object({
    storeName: z.string(),
    facebookUrl: z.string().nullable(),
    instagramUrl: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    email: z.string().nullable(),
    logoUrl: z.string().nullable(),
    links: z.array(FooterLink),
    terms: z.string(),
    privacyPolicy: z.string(),
  })
  .meta({ id: 'Footer' });

export const MarketplaceLink = z
  .object({ id: z.number().int(), name: z.string(), url: z.string(), logoUrl: z.string() })
  .meta({ id: 'MarketplaceLink' });

export const ContentSection = z
  .object({
    id: z.number().int(),
    title: z.string(),
    type: z.string().nullable(),
    body: z.string(),
    imageUrls: z.string(),
    orderIndex: z.number().int(),
  })
  .meta({ id: 'ContentSection' });

export const SectionsQuery = z.object({ key: z.string().min(1).max(50).default('about_us') });

export const PolicyKindParam = z.object({ kind: z.enum(POLICY_KINDS) });

export const Policy = z
  .object({ kind: z.enum(POLICY_KINDS), title: z.string(), body: z.string(), updatedAt: z.string() })
  .meta({ id: 'Policy' });

export const SiteSettings = z
  .object({
    storeName: z.string(),
    title: z.string(),
    description: z.string(),
    logoUrl: z.string().nullable(),
  })
  .meta({ id: 'SiteSettings' });

export const CheckoutSettings = z
  .object({ platformFee: Rupees, cod: CodSettings, prepaidDiscount: PrepaidDiscountSettings.nullable() })
  .meta({ id: 'CheckoutSettings' });

export const ShippingMilestone = z
  .object({ id: z.number().int(), minCartValue: Rupees, shippingCharge: Rupees })
  .meta({ id: 'ShippingMilestone' });

export const Coupon = z
  .object({
    id: z.number().int(),
    code: z.string(),
    description: z.string(),
    discountType: z.enum(['PERCENT', 'FLAT']),
    discountValue: z.number(),
    maxDiscount: Rupees.nullable(),
    minCartValue: Rupees,
    validFrom: z.string().nullable(),
    validUntil: z.string().nullable(),
  })
  .meta({ id: 'Coupon' });

/**
 * A live coupon as one logged-in shopper sees it at checkout: whether they can apply it now with
 * the cart they have and, if not, why in words ('You have already used this coupon.', 'Add ₹49
 * more to use this coupon.'). The server decides from the session's shopper and their cart.
 */
export const AvailableCoupon = Coupon.extend({
  usable: z.boolean(),
  reason: z.string().nullable(),
  /** Rupees more the cart needs, when a too-small cart is the reason; otherwise null. */
  amountToGo: Rupees.nullable(),
}).meta({ id: 'AvailableCoupon' });

export type BannerDto = z.infer<typeof Banner>;
export type FooterDto = z.infer<typeof Footer>;
export type MarketplaceLinkDto = z.infer<typeof MarketplaceLink>;
export type ContentSectionDto = z.infer<typeof ContentSection>;
export type PolicyDto = z.infer<typeof Policy>;
export type SiteSettingsDto = z.infer<typeof SiteSettings>;
export type ShippingMilestoneDto = z.infer<typeof ShippingMilestone>;
export type CouponDto = z.infer<typeof Coupon>;
export type AvailableCouponDto = z.infer<typeof AvailableCoupon>;
