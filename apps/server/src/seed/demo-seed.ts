// Demo content for a first run: an original spice brand ("Kesar Chakki") with its catalogue,
// banners, footer settings, marketplace links, about-us sections, the four policies, checkout
// settings, shipping milestones, coupons and customer reviews (some with the team's reply). Everything is inserted in one transaction, so a
// failed seed leaves the database empty. Money is integer paise; percent coupons use basis points.
import { COUPON_ROUNDING_RULE } from '@spice/shared/coupons';
import { gramsFromLabel } from '@spice/shared/shipping';
import type { Db, Tx } from '../db/client.ts';
import { users } from '../modules/accounts/schema.ts';
import { productImages, products, productVariants } from '../modules/catalog/schema.ts';
import { checkoutSettings, shippingMilestones } from '../modules/checkout/schema.ts';
import {
  banners,
  contentSections,
  marketplaceLinks,
  policies,
  siteSettings,
} from '../modules/content/schema.ts';
import { coupons } from '../modules/coupons/schema.ts';
import { deliverySettings } from '../modules/delivery/schema.ts';
import { DEFAULT_DELIVERY_RULES, rulesToRow } from '../modules/delivery/service.ts';
import { invoiceSettings } from '../modules/invoices/schema.ts';
import { reviews } from '../modules/reviews/schema.ts';
import {
  DEMO_ABOUT_HI,
  DEMO_BANNERS_HI,
  DEMO_COUPONS_HI,
  DEMO_POLICIES_HI,
  DEMO_PRODUCTS_HI,
  DEMO_SETTINGS_HI,
  hindiWeight,
} from './demo-hindi.ts';
import { DEMO_SEARCH_NAMES } from './demo-search-names.ts';
import { demoSeeds } from './schema.ts';

export const DEMO_BRAND = 'Kesar Chakki';

/** The demo back-office account (README: log in with this number; the code is in /dev/outbox). */
export const DEMO_ADMIN = {
  mobile: '9999900001',
  firstName: 'Shop',
  lastName: 'Admin',
  email: 'admin@kesarchakki.in',
  role: 'admin',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const rupees = (r: number): number => Math.round(r * 100);

interface SeedVariant {
  weight: string;
  /** Selling price in rupees. */
  price: number;
  /** MRP in rupees, never below the price. */
  mrp: number;
  stock: number;
}

interface SeedProduct {
  slug: string;
  name: string;
  /** SKU prefix; each variant's SKU is `${code}-${grams}`. */
  code: string;
  description: string;
  about: string[];
  variants: SeedVariant[];
  bestseller?: boolean;
  active?: boolean;
  /** Number of product_images rows (pack shot, plus a bowl-and-spoon shot when 2). 0 = none. */
  images?: 0 | 1 | 2;
  /** Only set on the product that exercises the imageUrl step of the image fallback chain. */
  imageUrl?: string;
}

const FSSAI_LINE = 'FSSAI-approved: made and packed in an FSSAI-licensed facility';
const VEG_LINE = '100% vegetarian: no onion, no garlic, no added colour or preservatives';
const LOW_TEMP_LINE = 'Slow stone-ground below 40 °C so the natural oils and aroma stay in';

/*
 * Percent-off cases (spec section 9: percent = (mrp - price) x 100 / mrp; a fractional part of
 * 0.25 or more rounds up, below 0.25 rounds down). The first variant is what the product card shows.
 *
 * | SKU      | MRP ₹ | Price ₹ | exact %  | shown | case                                   |
 * |----------|-------|---------|----------|-------|----------------------------------------|
 * | GM-50    |    80 |      70 | 12.5     |  13   | .5 rounds up (first variant, on card)   |
 * | GM-100   |   150 |     130 | 13.333…  |  14   | .333 >= .25 rounds up                   |
 * | GM-200   |   300 |     250 | 16.666…  |  17   | .667 rounds up                          |
 * | CM-100   |   120 |      99 | 17.5     |  18   | .5 rounds up (first variant, on card)   |
 * | MM-100   |   110 |     100 | 9.0909…  |   9   | .09 < .25 rounds down (on card)         |
 * | KK-500   |   400 |     399 | 0.25     |   1   | exactly .25 rounds up (boundary)        |
 * | CH-100   |    80 |      75 | 6.25     |   7   | exactly .25 rounds up (on card)         |
 * | JP-100   |    70 |      65 | 7.142…   |   7   | .14 < .25 rounds down (on card)         |
 * | KM-50    |    70 |      60 | 14.285…  |  15   | .2857 just above .25 rounds up          |
 * | BM-200   |   230 |     199 | 13.478…  |  14   | .48 rounds up                           |
 * | KK-100   |   100 |      92 | 8        |   8   | whole number, no rounding               |
 * | CM-500   |   500 |     430 | 14       |  14   | whole number, no rounding               |
 * | TP-100   |    45 |      45 | 0        |   –   | mrp == price: no MRP strike, no % off   |
 * | CP-100   |    40 |      40 | 0        |   –   | mrp == price                            |
 * | SM-100   |    70 |      70 | 0        |   –   | mrp == price                            |
 *
 * Stock: GM-500 is the one out-of-stock variant that is not first (pill disabled, 50 g
 * preselected); TM-50 is out of stock and first, so Tea Masala preselects its 100 g pack.
 * Shahi Paneer Masala is the one inactive (discontinued) product. Kasuri Methi has imageUrl set
 * and no product_images rows, to exercise the fallback chain.
 */
const PRODUCTS: SeedProduct[] = [
  {
    slug: 'garam-masala',
    name: 'Garam Masala',
    code: 'GM',
    bestseller: true,
    images: 2,
    description:
      'Our house garam masala is a warm, layered blend of Kerala black pepper, green cardamom, Ceylon cinnamon, cloves, mace and bay leaf, roasted in small batches and slow stone-ground so the volatile oils stay in the powder and not in the air. A pinch at the end of cooking lifts dals, sabzis, curries and pulao with a deep, rounded aroma.',
    about: [
      'Whole spices sourced from Kerala, Karnataka and the Malabar coast',
      LOW_TEMP_LINE,
      VEG_LINE,
      FSSAI_LINE,
      'Tip: add half a teaspoon in the last two minutes of cooking for the fullest aroma',
    ],
    variants: [
      { weight: '50g', price: 70, mrp: 80, stock: 140 },
      { weight: '100g', price: 130, mrp: 150, stock: 220 },
      { weight: '200g', price: 250, mrp: 300, stock: 90 },
      { weight: '500g', price: 560, mrp: 640, stock: 0 },
    ],
  },
  {
    slug: 'chicken-masala',
    name: 'Chicken Masala',
    code: 'CM',
    bestseller: true,
    description:
      'A robust, home-style chicken masala with Kashmiri chilli for colour, coriander and cumin for body, and a careful touch of black cardamom, star anise and dried ginger. It gives a rich, reddish gravy with a gentle heat that suits everything from a Sunday chicken curry to a quick tawa fry.',
    about: [
      'Kashmiri chillies from the Kishtwar region for colour without harsh heat',
      LOW_TEMP_LINE,
      VEG_LINE,
      FSSAI_LINE,
      'Tip: use 2 tablespoons for 500 g chicken, added after the tomatoes turn soft',
    ],
    variants: [
      { weight: '100g', price: 99, mrp: 120, stock: 180 },
      { weight: '200g', price: 185, mrp: 220, stock: 75 },
      { weight: '500g', price: 430, mrp: 500, stock: 30 },
    ],
  },
  {
    slug: 'meat-masala',
    name: 'Meat Masala',
    code: 'MM',
    description:
      'Bold and aromatic, our meat masala is built for slow-cooked mutton and keema: deeply roasted coriander, black pepper, javitri, nutmeg and kapok buds balanced with Byadgi chilli. It holds its own through long simmering and leaves a dark, glossy gravy with layers of warmth.',
    about: [
      'Byadgi chillies from Karnataka and black pepper from Wayanad',
      LOW_TEMP_LINE,
      VEG_LINE,
      FSSAI_LINE,
      'Tip: bloom the masala in hot ghee for 30 seconds before adding the meat',
    ],
    variants: [
      { weight: '100g', price: 100, mrp: 110, stock: 120 },
      { weight: '200g', price: 190, mrp: 210, stock: 60 },
    ],
  },
  {
    slug: 'kitchen-king-masala',
    name: 'Kitchen King Masala',
    code: 'KK',
    bestseller: true,
    description:
      'The everyday all-rounder of the Indian kitchen. Kitchen King brings together more than fifteen spices, including fenugreek leaves, dry mango, dried ginger and mustard, into one balanced blend that works in paneer, mixed vegetables, dals and gravies alike. One jar, countless dishes.',
    about: [
      'A blend of 16 whole spices, each cleaned and roasted separately',
      LOW_TEMP_LINE,
      VEG_LINE,
      FSSAI_LINE,
      'Tip: one teaspoon per two servings of sabzi or paneer gravy',
    ],
    variants: [
      { weight: '100g', price: 92, mrp: 100, stock: 200 },
      { weight: '200g', price: 175, mrp: 195, stock: 85 },
      { weight: '500g', price: 399, mrp: 400, stock: 40 },
    ],
  },
  {
    slug: 'turmeric-powder',
    name: 'Turmeric (Haldi) Powder',
    code: 'TP',
    bestseller: true,
    images: 2,
    description:
      'Bright, earthy haldi made from Lakadong and Salem turmeric fingers with naturally high curcumin. The fingers are sun-dried, polished and ground slowly so the powder keeps its golden colour and fresh, slightly peppery fragrance. Essential for dals, sabzis, pickles and a comforting glass of haldi doodh.',
    about: [
      'Single-origin turmeric fingers from Meghalaya and Salem, Tamil Nadu',
      'Naturally 5–7% curcumin, lab-tested every batch',
      LOW_TEMP_LINE,
      VEG_LINE,
      FSSAI_LINE,
      'Tip: a quarter teaspoon in warm milk with a pinch of black pepper makes haldi doodh',
    ],
    variants: [
      { weight: '100g', price: 45, mrp: 45, stock: 300 },
      { weight: '200g', price: 85, mrp: 90, stock: 160 },
      { weight: '500g', price: 199, mrp: 220, stock: 70 },
    ],
  },
  {
    slug: 'coriander-powder',
    name: 'Coriander (Dhania) Powder',
    code: 'CP',
    description:
      'Fresh, citrusy dhania powder ground from bold Rajasthani coriander seeds that are lightly roasted to bring out their sweetness. It thickens gravies, rounds off the heat of chilli and gives dry sabzis that familiar homely aroma.',
    about: [
      'Eagle-grade coriander seeds from Ramganj Mandi, Rajasthan',
      LOW_TEMP_LINE,
      VEG_LINE,
      FSSAI_LINE,
      'Tip: store in an airtight jar away from sunlight and use within six months of opening',
    ],
    variants: [
      { weight: '100g', price: 40, mrp: 40, stock: 260 },
      { weight: '200g', price: 72, mrp: 80, stock: 140 },
      { weight: '500g', price: 175, mrp: 195, stock: 50 },
    ],
  },
  {
    slug: 'red-chilli-powder',
    name: 'Red Chilli Powder',
    code: 'RC',
    images: 2,
    description:
      'A vivid, medium-hot lal mirch made from a blend of Guntur and Byadgi chillies. Guntur brings the heat, Byadgi brings the deep red colour, and slow grinding keeps the natural oils so the powder stays bright and aromatic instead of dusty.',
    about: [
      'Guntur and Byadgi chillies, stalks removed by hand before grinding',
      'No artificial colour, no added oil, no salt',
      LOW_TEMP_LINE,
      VEG_LINE,
      FSSAI_LINE,
    ],
    variants: [
      { weight: '100g', price: 60, mrp: 65, stock: 210 },
      { weight: '200g', price: 115, mrp: 130, stock: 95 },
      { weight: '500g', price: 270, mrp: 300, stock: 35 },
    ],
  },
  {
    slug: 'chole-masala',
    name: 'Chole Masala',
    code: 'CH',
    description:
      'A dark, tangy Punjabi chole masala with dried pomegranate seeds, amchur, black cardamom and a hint of tea-roasted spices for that dhaba-style colour. Stir it into simmering chickpeas for a full-bodied gravy that begs for bhature or jeera rice.',
    about: [
      'Anardana from Himachal Pradesh for natural tang and colour',
      LOW_TEMP_LINE,
      VEG_LINE,
      FSSAI_LINE,
      'Tip: two teaspoons for every cup of soaked chickpeas',
    ],
    variants: [
      { weight: '100g', price: 75, mrp: 80, stock: 130 },
      { weight: '200g', price: 140, mrp: 160, stock: 60 },
    ],
  },
  {
    slug: 'pav-bhaji-masala',
    name: 'Pav Bhaji Masala',
    code: 'PB',
    description:
      'The taste of a Mumbai street-side tawa in a pack. Our pav bhaji masala combines Kashmiri chilli, fennel, dried mango and black salt with warm whole spices, so your mashed vegetables turn smoky, tangy and irresistible with just a spoonful and a knob of butter.',
    about: [
      'A Mumbai-style recipe with Kashmiri chilli, fennel and amchur',
      LOW_TEMP_LINE,
      VEG_LINE,
      FSSAI_LINE,
      'Tip: sprinkle a little extra over the buttered pav while it toasts',
    ],
    variants: [
      { weight: '50g', price: 40, mrp: 45, stock: 150 },
      { weight: '100g', price: 75, mrp: 85, stock: 110 },
      { weight: '200g', price: 145, mrp: 165, stock: 45 },
    ],
  },
  {
    slug: 'sambar-masala',
    name: 'Sambar Masala',
    code: 'SM',
    description:
      'A Tamil-style sambar podi of roasted toor and chana dal, coriander, fenugreek, curry leaves and Byadgi chilli. It gives sambar its signature thick body and gentle tang, and works beautifully in rasam, kootu and vegetable poriyals too.',
    about: [
      'Curry leaves and dals roasted in small batches, the way it is done in Thanjavur',
      LOW_TEMP_LINE,
      VEG_LINE,
      FSSAI_LINE,
      'Tip: two tablespoons per litre of sambar, added with the tamarind water',
    ],
    variants: [
      { weight: '100g', price: 70, mrp: 70, stock: 100 },
      { weight: '200g', price: 130, mrp: 150, stock: 70 },
    ],
  },
  {
    slug: 'biryani-masala',
    name: 'Biryani Masala',
    code: 'BM',
    images: 2,
    description:
      'A fragrant, royal biryani masala in the Awadhi style, with shahi jeera, green and black cardamom, mace, star anise, rose petals and a whisper of kewra. It perfumes the rice and the masala alike, for dum biryanis, pulao and yakhni that smell like a celebration.',
    about: [
      'Rose petals from Kannauj and shahi jeera from Kashmir',
      LOW_TEMP_LINE,
      VEG_LINE,
      FSSAI_LINE,
      'Tip: layer half in the marinade and sprinkle the rest between the rice layers',
    ],
    variants: [
      { weight: '50g', price: 55, mrp: 60, stock: 120 },
      { weight: '100g', price: 105, mrp: 120, stock: 95 },
      { weight: '200g', price: 199, mrp: 230, stock: 40 },
    ],
  },
  {
    slug: 'kasuri-methi',
    name: 'Kasuri Methi',
    code: 'KM',
    images: 0,
    imageUrl: '/images/products/kasuri-methi.svg',
    description:
      'Shade-dried fenugreek leaves from Kasur-style farms in Nagaur, Rajasthan, cleaned by hand and packed whole so the bittersweet aroma is released only when you crush them. The finishing touch for butter paneer, dal makhani, naan and methi matar malai.',
    about: [
      'Fenugreek leaves from Nagaur, Rajasthan, dried in the shade',
      'Hand-cleaned and packed whole, never powdered',
      VEG_LINE,
      FSSAI_LINE,
      'Tip: crush a teaspoon between your palms over the dish just before serving',
    ],
    variants: [
      { weight: '25g', price: 35, mrp: 40, stock: 170 },
      { weight: '50g', price: 60, mrp: 70, stock: 90 },
      { weight: '100g', price: 110, mrp: 130, stock: 40 },
    ],
  },
  {
    slug: 'chaat-masala',
    name: 'Chaat Masala',
    code: 'CT',
    description:
      'Tangy, salty, a little funky and utterly addictive. Our chaat masala balances black salt, amchur, roasted cumin, mint and a hint of ajwain for fruit chaat, dahi bhalla, salads, fries and a squeeze-of-lime nimbu paani.',
    about: [
      'Kala namak and amchur from Uttar Pradesh, cumin from Unjha, Gujarat',
      LOW_TEMP_LINE,
      VEG_LINE,
      FSSAI_LINE,
      'Tip: dust over cut fruit with a squeeze of lemon',
    ],
    variants: [
      { weight: '50g', price: 38, mrp: 40, stock: 160 },
      { weight: '100g', price: 72, mrp: 85, stock: 120 },
    ],
  },
  {
    slug: 'jeera-powder',
    name: 'Jeera (Cumin) Powder',
    code: 'JP',
    description:
      'Nutty, warm jeera powder from Unjha cumin seeds, dry-roasted until they just crackle and then slow-ground. Sprinkle it over raita and buttermilk or stir it into dals and curries for an instant smoky depth.',
    about: [
      'Cumin seeds from Unjha, Gujarat, dry-roasted before grinding',
      LOW_TEMP_LINE,
      VEG_LINE,
      FSSAI_LINE,
      'Tip: a pinch in chilled chaas with black salt is the perfect summer cooler',
    ],
    variants: [
      { weight: '100g', price: 65, mrp: 70, stock: 140 },
      { weight: '200g', price: 125, mrp: 140, stock: 75 },
      { weight: '500g', price: 299, mrp: 340, stock: 25 },
    ],
  },
  {
    slug: 'tea-masala',
    name: 'Tea Masala',
    code: 'TM',
    description:
      'A soothing chai masala of dried ginger, green cardamom, cinnamon, black pepper, cloves and a little tulsi. Just a pinch turns an ordinary cup of tea into a fragrant, warming masala chai for rainy afternoons and winter mornings.',
    about: [
      'Dried ginger from Kochi and green cardamom from Idukki, Kerala',
      LOW_TEMP_LINE,
      VEG_LINE,
      FSSAI_LINE,
      'Tip: a quarter teaspoon per cup, added with the tea leaves',
    ],
    variants: [
      { weight: '50g', price: 110, mrp: 120, stock: 0 },
      { weight: '100g', price: 199, mrp: 240, stock: 65 },
    ],
  },
  {
    slug: 'shahi-paneer-masala',
    name: 'Shahi Paneer Masala',
    code: 'SP',
    active: false,
    description:
      'A rich, mildly sweet blend for creamy Mughlai paneer gravies, with cashew, melon seeds, green cardamom and mace. This recipe has been discontinued while we rework it; Kitchen King Masala is a good substitute.',
    about: ['Discontinued: being reformulated', LOW_TEMP_LINE, VEG_LINE, FSSAI_LINE],
    variants: [
      { weight: '100g', price: 90, mrp: 100, stock: 12 },
      { weight: '200g', price: 170, mrp: 190, stock: 8 },
    ],
  },
];

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

interface SeedReview {
  slug: string;
  name: string;
  email: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title?: string;
  description: string;
  daysAgo: number;
  /** The store team's reply and how many days after the review it came. */
  reply?: { text: string; afterDays: number };
}

/*
 * Demo reviews, from no account (user_id null). Garam Masala has 11, so its list has a second
 * page; the others have a few each, with every star from 1 to 5 present somewhere, so the bars
 * show all three colours. Low ratings carry the team's reply.
 */
const REVIEWS: SeedReview[] = [
  {
    slug: 'garam-masala',
    name: 'Priya Sharma',
    email: 'priya.sharma@example.in',
    rating: 5,
    title: 'Smells like my nani’s kitchen',
    description:
      'The aroma when you open the pack is unreal. A pinch at the end of dal makhani and the whole house knows. Will reorder the 200 g.',
    daysAgo: 3,
  },
  {
    slug: 'garam-masala',
    name: 'Rahul Verma',
    email: 'rahul.verma@example.in',
    rating: 4,
    title: 'Strong and fresh',
    description: 'Very fresh and fairly strong, so go easy the first time. Packaging could have a zip lock.',
    daysAgo: 9,
    reply: {
      text: 'Thank you, Rahul! Zip-lock pouches for the 100 g and 200 g packs are arriving next month.',
      afterDays: 1,
    },
  },
  {
    slug: 'garam-masala',
    name: 'Ananya Iyer',
    email: 'ananya.iyer@example.in',
    rating: 5,
    description:
      'Used it in chole and rajma, both turned out restaurant-style. No onion-garlic is a big plus for us.',
    daysAgo: 14,
  },
  {
    slug: 'garam-masala',
    name: 'Mohammed Irfan',
    email: 'irfan.m@example.in',
    rating: 5,
    title: 'Best garam masala I have bought online',
    description: 'You can actually smell the cardamom and clove separately. Perfect for biryani too.',
    daysAgo: 21,
  },
  {
    slug: 'garam-masala',
    name: 'Kavita Joshi',
    email: 'kavita.joshi@example.in',
    rating: 3,
    title: 'Good, but a little coarse',
    description: 'Flavour is good. I prefer a finer grind for sprinkling on raita.',
    daysAgo: 30,
    reply: {
      text: 'Thanks for telling us, Kavita. We grind slowly at low temperature, which keeps it slightly coarse; sifting it once works well for raita.',
      afterDays: 2,
    },
  },
  {
    slug: 'garam-masala',
    name: 'Suresh Nair',
    email: 'suresh.nair@example.in',
    rating: 4,
    description: 'Good quality. Delivery to Kochi took six days but the pack was well sealed.',
    daysAgo: 38,
  },
  {
    slug: 'garam-masala',
    name: 'Neha Gupta',
    email: 'neha.gupta@example.in',
    rating: 5,
    title: 'Pure and aromatic',
    description: 'My mother-in-law approved, which says everything.',
    daysAgo: 45,
  },
  {
    slug: 'garam-masala',
    name: 'Arjun Reddy',
    email: 'arjun.reddy@example.in',
    rating: 2,
    title: 'Too strong for my taste',
    description: 'Quality seems fine but the clove is overpowering for everyday sabzi.',
    daysAgo: 52,
    reply: {
      text: 'Sorry it was too strong, Arjun. For everyday sabzi try a quarter teaspoon added at the end, or our Kitchen King, which is milder.',
      afterDays: 1,
    },
  },
  {
    slug: 'garam-masala',
    name: 'Fatima Sheikh',
    email: 'fatima.sheikh@example.in',
    rating: 5,
    description: 'Third order. Consistent every time.',
    daysAgo: 60,
  },
  {
    slug: 'garam-masala',
    name: 'Vikram Singh',
    email: 'vikram.singh@example.in',
    rating: 4,
    title: 'Value for money',
    description: 'Better than the big brands at a similar price.',
    daysAgo: 71,
  },
  {
    slug: 'garam-masala',
    name: 'Meera Pillai',
    email: 'meera.pillai@example.in',
    rating: 5,
    title: 'Lovely',
    description: 'Rich colour, rich aroma. Makes a simple aloo matar special.',
    daysAgo: 85,
  },
  {
    slug: 'chicken-masala',
    name: 'Sandeep Kumar',
    email: 'sandeep.kumar@example.in',
    rating: 5,
    title: 'Perfect chicken curry',
    description:
      'Two spoons with tomato and curd, and that is all you need. Great colour without any added colour.',
    daysAgo: 6,
  },
  {
    slug: 'chicken-masala',
    name: 'Pooja Desai',
    email: 'pooja.desai@example.in',
    rating: 4,
    description: 'Tasty and balanced, not too hot. Kids loved it.',
    daysAgo: 19,
  },
  {
    slug: 'chicken-masala',
    name: 'Imran Khan',
    email: 'imran.khan@example.in',
    rating: 1,
    title: 'Pack arrived torn',
    description: 'The outer pouch was torn and some masala had spilled in the box.',
    daysAgo: 27,
    reply: {
      text: 'We are sorry, Imran. A replacement has been sent and we have changed our courier packing for pouches.',
      afterDays: 1,
    },
  },
  {
    slug: 'turmeric-powder',
    name: 'Lakshmi Venkatesh',
    email: 'lakshmi.v@example.in',
    rating: 5,
    title: 'Bright and earthy',
    description: 'Proper haldi colour and smell. Works beautifully in haldi doodh too.',
    daysAgo: 4,
  },
  {
    slug: 'turmeric-powder',
    name: 'Deepak Mehta',
    email: 'deepak.mehta@example.in',
    rating: 4,
    description: 'Good quality turmeric. I wish there were a 1 kg pack.',
    daysAgo: 33,
  },
  {
    slug: 'kitchen-king-masala',
    name: 'Sunita Agarwal',
    email: 'sunita.agarwal@example.in',
    rating: 5,
    title: 'My everyday masala',
    description: 'Goes into paneer, mixed veg and even pulao. Mild and fragrant.',
    daysAgo: 11,
  },
  {
    slug: 'kitchen-king-masala',
    name: 'Harpreet Kaur',
    email: 'harpreet.kaur@example.in',
    rating: 3,
    description: 'Nice, but I expected a little more heat.',
    daysAgo: 40,
  },
  {
    slug: 'meat-masala',
    name: 'Rohan Das',
    email: 'rohan.das@example.in',
    rating: 5,
    title: 'Sunday mutton sorted',
    description: 'Deep colour and a lovely smoky note. Slow-cooked mutton came out perfect.',
    daysAgo: 8,
  },
  {
    slug: 'biryani-masala',
    name: 'Ayesha Siddiqui',
    email: 'ayesha.s@example.in',
    rating: 4,
    title: 'Fragrant biryani',
    description: 'Lovely fragrance of mace and star anise. Add a little kewra water and it is perfect.',
    daysAgo: 16,
  },
  {
    slug: 'tea-masala',
    name: 'Gaurav Patel',
    email: 'gaurav.patel@example.in',
    rating: 5,
    title: 'Monsoon chai',
    description: 'A tiny pinch with ginger and the chai tastes like a roadside tapri. Loved it.',
    daysAgo: 12,
  },
];

/** True when the catalogue has no product yet. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length === 0;
}

/**
 * Demo mode's first boot: seeds the demo data (with the demo admin) unless this database was seeded
 * before, remembered by the marker row, never by an empty products table. Claiming the marker and
 * seeding are one transaction, so of several instances starting together exactly one seeds.
 */
export async function seedDemoOnce(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(demoSeeds)
      .values({ name: 'demo', seededAt: now })
      .onConflictDoNothing()
      .returning({ name: demoSeeds.name });
    if (claimed.length === 0) return false;
    await insertDemoData(tx, now, { admin: true });
    return true;
  });
}

/**
 * Inserts the full demo data set in a single transaction and records the marker. Intended for an
 * empty database; `admin: false` (npm run seed:demo) leaves out the demo back-office account.
 */
export async function seedDemoData(
  db: Db,
  now: Date = new Date(),
  options: { admin: boolean } = { admin: true },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(demoSeeds).values({ name: 'demo', seededAt: now }).onConflictDoNothing();
    await insertDemoData(tx, now, options);
  });
}

/** GST chapter 09 headings: single spices by their own heading, mixtures (masalas) under 0910. */
const DEMO_HSN: Record<string, string> = {
  'coriander-powder': '0909',
  'jeera-powder': '0909',
  'red-chilli-powder': '0904',
};

/** The Hindi of a demo record: every demo record has one (decision 0018). */
function hindiOf<T>(table: Record<string, T>, key: string): T {
  const found = table[key];
  if (found === undefined) throw new Error(`seed: no Hindi for ${key} (add it to demo-hindi.ts)`);
  return found;
}

async function insertDemoData(tx: Tx, now: Date, options: { admin: boolean }): Promise<void> {
  const daysFromNow = (days: number): Date => new Date(now.getTime() + days * DAY_MS);
  // Catalogue.
  const inserted = await tx
    .insert(products)
    .values(
      PRODUCTS.map((p, index) => ({
        slug: p.slug,
        name: p.name,
        ...DEMO_SEARCH_NAMES[p.slug],
        brand: DEMO_BRAND,
        description: p.description,
        descriptionHi: hindiOf(DEMO_PRODUCTS_HI, p.slug).description,
        active: p.active ?? true,
        bestseller: p.bestseller ?? false,
        imageUrl: p.imageUrl ?? null,
        about: p.about,
        aboutHi: hindiOf(DEMO_PRODUCTS_HI, p.slug).about,
        position: index + 1,
        hsnCode: DEMO_HSN[p.slug] ?? '0910',
        gstRateBp: 500,
      })),
    )
    .returning({ id: products.id, slug: products.slug });
  const idBySlug = new Map(inserted.map((row) => [row.slug, row.id]));
  const productId = (slug: string): number => {
    const id = idBySlug.get(slug);
    if (id === undefined) throw new Error(`seed: product ${slug} was not inserted`);
    return id;
  };

  await tx.insert(productVariants).values(
    PRODUCTS.flatMap((p) =>
      p.variants.map((v, index) => ({
        productId: productId(p.slug),
        weight: v.weight,
        weightHi: hindiWeight(v.weight),
        weightGrams: gramsFromLabel(v.weight),
        pricePaise: rupees(v.price),
        mrpPaise: rupees(v.mrp),
        stock: v.stock,
        sku: `${p.code}-${v.weight.replace(/\D/g, '')}`,
        position: index,
      })),
    ),
  );

  const imageRows = PRODUCTS.flatMap((p) => {
    const count = p.images ?? 1;
    const rows = [];
    if (count >= 1) {
      rows.push({
        productId: productId(p.slug),
        url: `/images/products/${p.slug}.svg`,
        alt: `${DEMO_BRAND} ${p.name} pack`,
        position: 0,
      });
    }
    if (count >= 2) {
      rows.push({
        productId: productId(p.slug),
        url: `/images/products/${p.slug}-2.svg`,
        alt: `A bowl of ${p.name} with a wooden spoon`,
        position: 1,
      });
    }
    return rows;
  });
  await tx.insert(productImages).values(imageRows);

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

  // Checkout: ₹9 platform fee; delivery ₹90 below ₹299, ₹49 from ₹299, free from ₹499.
  // Cash on delivery on with a ₹29 fee up to ₹3,000, no prepaid discount (issue 12).
  await tx.insert(checkoutSettings).values({
    id: 1,
    platformFeePaise: rupees(9),
    codEnabled: true,
    codFeePaise: rupees(29),
    codMaxOrderPaise: rupees(3000),
  });
  // GST registration (issue 13): Maharashtra (27), a made-up GSTIN whose check digit is right.
  await tx.insert(invoiceSettings).values({
    id: 1,
    legalName: 'Kesar Chakki Foods Private Limited',
    tradeName: DEMO_BRAND,
    gstin: '27AAKCK1234M1ZB',
    address: 'Unit 4, Shree Ganesh Industrial Estate, LBS Marg, Vikhroli West, Mumbai 400083',
    stateCode: '27',
    fssai: '11521999000123',
    seriesPrefix: 'KC',
  });
  await tx.insert(shippingMilestones).values([
    { minCartValuePaise: 0, shippingChargePaise: rupees(90) },
    { minCartValuePaise: rupees(299), shippingChargePaise: rupees(49) },
    { minCartValuePaise: rupees(499), shippingChargePaise: 0 },
  ]);

  // Delivery (issue 14): ships from Mumbai (400001), orders by 14:00 IST leave the same working
  // day; the default zones (Mumbai 1–2 days, Maharashtra and the metros 2–4, the rest 4–7, the
  // North-East, islands, J&K and Ladakh 6–10 without COD); national holidays.
  await tx.insert(deliverySettings).values(
    rulesToRow({
      ...DEFAULT_DELIVERY_RULES,
      holidays: ['2026-01-26', '2026-08-15', '2026-10-02', '2026-11-09', '2026-12-25', '2027-01-26'],
      warehousePincode: '400001',
    }),
  );

  await tx.insert(coupons).values([
    {
      code: 'WELCOME10',
      description: '10% off your first order, up to ₹100, on carts of ₹299 or more',
      descriptionHi: hindiOf(DEMO_COUPONS_HI, 'WELCOME10'),
      discountType: 'PERCENT',
      discountValue: 1000,
      maxDiscountPaise: rupees(100),
      minCartValuePaise: rupees(299),
      validFrom: daysFromNow(-30),
      validUntil: null,
      usageLimit: null,
      perUserLimit: 1,
    },
    {
      code: 'FLAT50',
      description: 'Flat ₹50 off on orders of ₹499 or more',
      descriptionHi: hindiOf(DEMO_COUPONS_HI, 'FLAT50'),
      discountType: 'FLAT',
      discountValue: rupees(50),
      maxDiscountPaise: null,
      minCartValuePaise: rupees(499),
      validFrom: daysFromNow(-30),
      validUntil: daysFromNow(180),
      usageLimit: 500,
      perUserLimit: null,
    },
    {
      code: 'FESTIVE20',
      description: 'Diwali special: 20% off up to ₹200 on orders of ₹599 or more',
      descriptionHi: hindiOf(DEMO_COUPONS_HI, 'FESTIVE20'),
      discountType: 'PERCENT',
      discountValue: 2000,
      maxDiscountPaise: rupees(200),
      minCartValuePaise: rupees(599),
      validFrom: daysFromNow(-200),
      validUntil: daysFromNow(-185),
      usageLimit: 1000,
      perUserLimit: 1,
      usedCount: 312,
    },
  ]);

  await tx.insert(reviews).values(
    REVIEWS.map((r) => {
      const createdAt = daysFromNow(-r.daysAgo);
      return {
        productId: productId(r.slug),
        userId: null,
        name: r.name,
        email: r.email,
        rating: r.rating,
        title: r.title ?? null,
        description: r.description,
        adminReply: r.reply?.text ?? null,
        adminReplyAt: r.reply ? daysFromNow(-r.daysAgo + r.reply.afterDays) : null,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );

  // Only a demo shop gets an admin whose codes anyone can read in the outbox.
  if (options.admin) await tx.insert(users).values(DEMO_ADMIN);
}
