// The demo catalogue: seventeen products (one a gift box of six others' 50 g packs) with their variants (prices chosen to exercise every
// percent-off rounding case), images and HSN codes, inserted in the seed's transaction.

import { bestBeforeFrom, istDay } from '@spice/shared/batches';
import { gramsFromLabel } from '@spice/shared/shipping';
import type { Tx } from '../db/client.ts';
import {
  comboComponents,
  productImages,
  products,
  productVariants,
  stockBatches,
} from '../modules/catalog/schema.ts';
import { DEMO_BRAND, hindiOf, rupees } from './demo-common.ts';
import { demoDeclarationColumns, demoNetQuantity } from './demo-declarations.ts';
import { DEMO_PRODUCTS_HI, hindiWeight } from './demo-hindi.ts';
import { DEMO_SEARCH_NAMES } from './demo-search-names.ts';

interface SeedVariant {
  weight: string;
  /** Selling price in rupees. */
  price: number;
  /** MRP in rupees, never below the price. */
  mrp: number;
  stock: number;
  /** A gift box's parts by SKU, one of each (decision 0040); its stock is theirs. */
  parts?: string[];
  /** Label on Hindi pages when hindiWeight cannot make it. */
  weightHi?: string;
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
      { weight: '50g', price: 48, mrp: 55, stock: 120 },
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
      { weight: '50g', price: 38, mrp: 40, stock: 130 },
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
  {
    // The gift box (issue 36): six 50 g blends in one box, its stock the fewest boxes its parts make.
    slug: 'festive-masala-box',
    name: 'Festive Masala Box',
    code: 'FB',
    description:
      'Six of our best-loved blends in 50 g packs, boxed for Diwali, Raksha Bandhan or a new kitchen: garam masala, pav bhaji, biryani, chaat, sambar and kitchen king. Enough to cook a festive week of dishes, and a gift that smells wonderful the moment it is opened.',
    about: [
      'Six 50 g packs: Garam, Pav Bhaji, Biryani, Chaat, Sambar and Kitchen King Masala',
      'Costs less than buying the six packs one by one',
      VEG_LINE,
      FSSAI_LINE,
    ],
    variants: [
      {
        weight: '300g',
        price: 259,
        mrp: 320,
        stock: 0,
        parts: ['GM-50', 'PB-50', 'BM-50', 'CT-50', 'SM-50', 'KK-50'],
      },
    ],
  },
];

/** GST chapter 09 headings: single spices by their own heading, mixtures (masalas) under 0910. */
const DEMO_HSN: Record<string, string> = {
  'coriander-powder': '0909',
  'jeera-powder': '0909',
  'red-chilli-powder': '0904',
};

/** Inserts the catalogue; answers each product's id by slug (the reviews name their product). */
export async function insertDemoCatalogue(tx: Tx): Promise<(slug: string) => number> {
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
        ...demoDeclarationColumns(p.slug),
      })),
    )
    .returning({ id: products.id, slug: products.slug });
  const idBySlug = new Map(inserted.map((row) => [row.slug, row.id]));
  const productId = (slug: string): number => {
    const id = idBySlug.get(slug);
    if (id === undefined) throw new Error(`seed: product ${slug} was not inserted`);
    return id;
  };

  const skuOf = (p: SeedProduct, v: SeedVariant) =>
    v.parts ? `${p.code}-${v.parts.length}` : `${p.code}-${v.weight.replace(/\D/g, '')}`;
  const variantRows = await tx
    .insert(productVariants)
    .values(
      PRODUCTS.flatMap((p) =>
        p.variants.map((v, index) => ({
          productId: productId(p.slug),
          weight: v.weight,
          weightHi: v.weightHi ?? hindiWeight(v.weight),
          weightGrams: gramsFromLabel(v.weight),
          netQuantity: demoNetQuantity(v.weight),
          pricePaise: rupees(v.price),
          mrpPaise: rupees(v.mrp),
          stock: v.stock,
          sku: skuOf(p, v),
          position: index,
        })),
      ),
    )
    .returning({ id: productVariants.id, sku: productVariants.sku });
  const variantId = new Map(variantRows.map((v) => [v.sku, v.id]));
  const comboRows = PRODUCTS.flatMap((p) =>
    p.variants.flatMap((v) =>
      (v.parts ?? []).map((sku, position) => {
        const part = variantId.get(sku);
        if (part === undefined) throw new Error(`seed: no variant ${sku} for ${p.slug}`);
        return { comboVariantId: variantId.get(skuOf(p, v))!, partVariantId: part, quantity: 1, position };
      }),
    ),
  );
  if (comboRows.length > 0) await tx.insert(comboComponents).values(comboRows);

  // Stock is batches (issue 39): each plain variant's units are one OPENING batch made today.
  const madeOn = istDay(new Date());
  const batchRows = PRODUCTS.flatMap((p) =>
    p.variants.flatMap((v) =>
      v.parts
        ? []
        : [
            {
              variantId: variantId.get(skuOf(p, v))!,
              batchNumber: 'OPENING',
              manufacturedOn: madeOn,
              bestBefore: bestBeforeFrom(madeOn, demoDeclarationColumns(p.slug).declarations.shelfLifeMonths),
              received: v.stock,
            },
          ],
    ),
  );
  if (batchRows.length > 0) await tx.insert(stockBatches).values(batchRows);

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
  return productId;
}
