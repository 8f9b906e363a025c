// The demo storefront content: banners, store settings, marketplace links, the About us
// sections and the four policies.
import { COUPON_ROUNDING_RULE } from '@spice/shared/coupons';
import type { Tx } from '../db/client.ts';
import {
  banners,
  contentSections,
  marketplaceLinks,
  policies,
  siteSettings,
} from '../modules/content/schema.ts';
import { type DaysFromNow, DEMO_BRAND, hindiOf } from './demo-common.ts';
import { DEMO_ABOUT_HI, DEMO_BANNERS_HI, DEMO_POLICIES_HI, DEMO_SETTINGS_HI } from './demo-hindi.ts';

const ABOUT_SECTIONS = [
  {
    title: 'About Us',
    type: 'Masale jo ghar ki yaad dilaye',
    body: 'Kesar Chakki began in a small family kitchen in Jaipur, where our grandmother roasted and ground every masala by hand. Today we still make our blends in small batches, from whole spices bought directly from the farms and mandis that grow them best. Every pack is 100% vegetarian, made without onion or garlic, and packed in an FSSAI-licensed facility.',
    imageUrls: '/images/about/fields.svg',
  },
  {
    title: 'What Makes Us Different',
    type: 'Slow, cool, stone-ground',
    body: 'Most commercial spices are ground in high-speed mills that heat the powder and burn off the natural oils. We grind slowly between stones and keep the temperature below 40 °C, so the aroma ends up in your kitchen instead of the factory air. No onion, no garlic, no fillers, no artificial colour: just spices.',
    imageUrls: '/images/about/grinding.svg,/images/about/vegetarian.svg',
  },
  {
    title: 'Vision And Mission',
    type: null,
    body: 'Our vision is a kitchen in every Indian home that trusts its masala as much as it trusts its own recipes. Our mission is to make that possible with honest, traceable, 100% vegetarian blends at a fair price, and to pay the farmers who grow our spices fairly for their work.',
    imageUrls: '/images/about/fields.svg',
  },
  {
    title: 'Our Process',
    type: 'From farm to pack in four steps',
    // About bodies are Markdown, like the policies.
    body: `1. **Clean and dry:** whole spices are cleaned, sorted by hand and sun-dried.
2. **Roast:** each spice is roasted separately, to its own point.
3. **Grind cool:** they are ground at low temperature, blended to our family recipes and tested for purity and moisture.
4. **Seal fresh:** the blend is sealed in multi-layer, airtight pouches within hours of grinding.`,
    imageUrls: '/images/about/grinding.svg,/images/about/packing.svg',
  },
  {
    title: 'Our Commitment',
    type: null,
    body: 'Every batch is tested for purity, moisture and colour before it leaves our FSSAI-licensed facility, and every pack carries its batch number. We will never add onion, garlic, starch or artificial colour to our blends. If something is not right with your order, write to us and we will make it right.',
    imageUrls: '/images/about/quality-lab.svg',
  },
];

// Policy texts are Markdown (the storefront renders headings and lists); the page shows the
// date each was last saved, so the texts carry no date line of their own.
const POLICIES: { kind: 'privacy' | 'terms' | 'return' | 'shipping'; title: string; body: string }[] = [
  {
    kind: 'shipping',
    title: 'Shipping Policy',
    body: `We ship across India through trusted courier partners. Every order is packed in a sealed, tamper-evident box to keep your masalas fresh on the way.

## Shipping charges

- **Free shipping** on orders above ₹499.
- Orders below ₹499 carry a delivery charge of up to ₹90; the exact charge is shown in your cart and at checkout before you pay.

## Processing time

Orders are processed within 1–2 business days of payment (excluding Sundays and public holidays). You will receive an SMS with the tracking details once your order has been dispatched.

## Delivery time

Delivery usually takes 5–15 business days depending on your pincode. Metro cities are typically served faster, while remote and north-eastern locations may take longer.

## Delays

Delays caused by courier disruptions, weather, strikes or festivals are outside our control, but we will always help you follow up. For any shipping question, use the Contact Us form or write to [care@kesarchakki.in](mailto:care@kesarchakki.in).`,
  },
  {
    kind: 'return',
    title: 'Return & Refund Policy',
    body: `Because our products are food items, we do not accept returns or offer refunds once an order has been delivered. This keeps every pack that reaches you sealed, safe and hygienic.

## Damaged or missing items

1. Report it **within 24 hours of delivery** if an item arrives damaged, leaking or is missing from your order.
2. Send clear photos of the outer box, the shipping label and the damaged product to [care@kesarchakki.in](mailto:care@kesarchakki.in) or through the Contact Us form, along with your order ID.
3. Reports received after 24 hours of delivery, or without photos, cannot be accepted.

## Replacements

Once we verify the report, we will send a free replacement of the affected item. If the item is no longer in stock, we will offer an equivalent product of the same value.

## Cancellations

Orders cannot be cancelled once they have been dispatched.`,
  },
  {
    kind: 'privacy',
    title: 'Privacy Policy',
    body: `This Privacy Policy explains how Kesar Chakki ("we", "us") collects, uses and protects your personal information when you use our website. By using the website you agree to the practices described here, in line with the Information Technology Act, 2000 and the Digital Personal Data Protection Act, 2023.

## Information we collect

- Your name, mobile number and e-mail address when you sign up.
- Delivery addresses you save, including pincode and landmark.
- Your orders, cart, coupons used, and the reviews or messages you send us.
- Basic technical data such as browser type and pages visited, used in aggregate to improve the website.

## Logging in

We sign you in with a one-time password (OTP) sent by SMS to your mobile number, and verify your e-mail address with a one-time code. We never ask for or store a password.

## Payments

Payments are processed securely by Razorpay. Your card, UPI or net-banking details are entered on Razorpay's own checkout and are never stored on our servers; we only receive a payment reference to confirm your order.

## How we use and share your information

We use your information only to process and deliver orders, send order and delivery updates, respond to your queries and improve our products. We share it only with the courier partners and payment provider needed to complete your order, or when required by law. **We do not sell or rent your data.**

## Storage and your rights

Your data is stored on secured servers and kept only as long as needed for these purposes and for our legal and tax obligations. You may ask to see, correct or delete your personal data at any time by writing to [care@kesarchakki.in](mailto:care@kesarchakki.in).

## Changes to this policy

We may update this policy from time to time; the latest version will always be available on this page.`,
  },
  {
    kind: 'terms',
    title: 'Terms and Conditions',
    body: `These Terms and Conditions govern your use of the Kesar Chakki website and any purchase you make on it. By placing an order you agree to these terms.

## Accounts

You sign in with your 10-digit Indian mobile number and a one-time password sent by SMS. You are responsible for keeping access to your mobile number secure and for all activity on your account.

## Products and prices

- All prices are in Indian Rupees (₹) and include applicable GST.
- Product images are for illustration; packaging may vary slightly between batches.
- We try to keep all information accurate, but we may correct errors in prices or descriptions and cancel affected orders with a full refund.

## Payment

Payment is made online through Razorpay using cards, UPI, net banking or wallets. An order is confirmed only after the payment is successful. A small platform fee, if applicable, is shown separately at checkout.

## Coupons

- Each coupon has its own conditions, such as a minimum cart value, validity dates and usage limits.
- Only one coupon can be applied per order, and coupons cannot be exchanged for cash.
- ${COUPON_ROUNDING_RULE}

## Shipping and returns

Shipping, returns and refunds are governed by our [Shipping Policy](/shipping-policy) and [Return Policy](/return-policy), which form part of these terms.

## Reviews

Reviews you submit must be honest and must not contain offensive or unlawful content; we may moderate or remove reviews that do.

## Governing law

These terms are governed by the laws of India, and the courts of Jaipur, Rajasthan shall have exclusive jurisdiction. For questions, contact [care@kesarchakki.in](mailto:care@kesarchakki.in).`,
  },
];

export async function insertDemoContent(tx: Tx, daysFromNow: DaysFromNow): Promise<void> {
  // Banners: a hidden one first, then a visible one whose schedule has ended, then the live one,
  // so the storefront has to apply both the visibility and the schedule rule.
  await tx.insert(banners).values([
    {
      imageUrl: '/images/banners/past-sale.svg',
      alt: 'Monsoon sale preview (hidden)',
      altHi: hindiOf(DEMO_BANNERS_HI, 'Monsoon sale preview (hidden)'),
      linkUrl: null,
      visible: false,
      startTime: null,
      endTime: null,
      position: 0,
    },
    {
      imageUrl: '/images/banners/past-sale.svg',
      alt: 'Diwali Dhamaka sale: up to 25% off on festive masalas',
      altHi: hindiOf(DEMO_BANNERS_HI, 'Diwali Dhamaka sale: up to 25% off on festive masalas'),
      linkUrl: '/search?q=masala',
      visible: true,
      startTime: daysFromNow(-200),
      endTime: daysFromNow(-185),
      position: 1,
    },
    {
      imageUrl: '/images/banners/festive.svg',
      // The same picture with its words in Hindi, for Hindi pages.
      imageUrlHi: '/images/banners/festive-hi.svg',
      alt: 'Pure. Aromatic. Authentic. Stone-ground Kesar Chakki masalas, 100% vegetarian',
      altHi: hindiOf(
        DEMO_BANNERS_HI,
        'Pure. Aromatic. Authentic. Stone-ground Kesar Chakki masalas, 100% vegetarian',
      ),
      linkUrl: '/product/garam-masala',
      visible: true,
      startTime: daysFromNow(-1),
      endTime: null,
      position: 2,
    },
  ]);

  await tx.insert(siteSettings).values({
    id: 1,
    storeName: DEMO_BRAND,
    title: `${DEMO_BRAND} | Premium Masalas Online – Pure Indian Spices`,
    description:
      'Buy pure, authentic Indian spices online from Kesar Chakki: garam masala, chicken masala, meat masala, kitchen king, turmeric and more, stone-ground at low temperature, 100% vegetarian, with no onion or garlic.',
    ...DEMO_SETTINGS_HI,
    logoUrl: '/images/logo.svg',
    facebookUrl: 'https://www.facebook.com/kesarchakki.masale',
    instagramUrl: 'https://www.instagram.com/kesarchakki.masale',
    phoneNumber: '+91 9812345670',
    email: 'care@kesarchakki.in',
    footerLinks: [],
  });

  await tx.insert(marketplaceLinks).values([
    {
      name: 'Amazon',
      url: 'https://www.amazon.in/s?k=kesar+chakki+masala',
      logoUrl: '/images/marketplaces/amazon.svg',
      position: 1,
    },
    {
      name: 'Flipkart',
      url: 'https://www.flipkart.com/search?q=kesar%20chakki%20masala',
      logoUrl: '/images/marketplaces/flipkart.svg',
      position: 2,
    },
    {
      name: 'BigBasket',
      url: 'https://www.bigbasket.com/ps/?q=kesar%20chakki%20masala',
      logoUrl: '/images/marketplaces/bigbasket.svg',
      position: 3,
    },
  ]);

  await tx.insert(contentSections).values(
    ABOUT_SECTIONS.map((s, index) => ({
      key: 'about_us',
      title: s.title,
      type: s.type,
      body: s.body,
      titleHi: hindiOf(DEMO_ABOUT_HI, s.title).title,
      typeHi: hindiOf(DEMO_ABOUT_HI, s.title).type,
      bodyHi: hindiOf(DEMO_ABOUT_HI, s.title).body,
      imageUrls: s.imageUrls,
      orderIndex: index + 1,
    })),
  );

  await tx.insert(policies).values(
    POLICIES.map((p) => ({
      ...p,
      titleHi: hindiOf(DEMO_POLICIES_HI, p.kind).title,
      bodyHi: hindiOf(DEMO_POLICIES_HI, p.kind).body,
    })),
  );
}
