// The demo's automatic offers (issue 36), in English and Hindi: 10% off above ₹999, buy 2 masalas
// get 1 free, and a free 50 g hing above ₹1,499, with the hing itself (a product of its own, so the
// gift takes stock like any line). Inserted with the demo, or once into a demo shop seeded before.
import { gramsFromLabel } from '@spice/shared/shipping';
import { desc, like } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { productImages, products, productVariants } from '../modules/catalog/schema.ts';
import { offers } from '../modules/offers/schema.ts';
import { DEMO_BRAND, rupees } from './demo-common.ts';
import { demoDeclarationColumns, demoNetQuantity } from './demo-declarations.ts';
import { hindiWeight } from './demo-hindi.ts';

const HING = {
  slug: 'hing',
  name: 'Hing (Asafoetida)',
  nameHi: 'हींग',
  searchKeywords: ['asafoetida', 'heeng', 'hing powder', 'हींग पाउडर'],
  description:
    'A strong compounded hing of Afghan asafoetida resin bound with a little wheat flour, so a pinch goes into hot oil without clumping. A few grains in the tadka lift dal, sambar, kadhi and aloo sabzi, and make beans and lentils easier to digest.',
  descriptionHi:
    'अफ़ग़ानी हींग के गोंद और थोड़े गेहूँ के आटे से बनी तेज़ मिश्रित हींग, ताकि एक चुटकी गरम तेल में बिना गुठली के घुल जाए। तड़के में कुछ दाने दाल, सांबर, कढ़ी और आलू की सब्ज़ी का स्वाद बढ़ाते हैं और दालों को पचाने में आसान बनाते हैं।',
  about: [
    'Afghan asafoetida resin, compounded in small batches',
    'Strong: a pinch is enough for a pot of dal',
    'Packed in an airtight tin-lined pouch',
    'FSSAI-approved: made and packed in an FSSAI-licensed facility',
  ],
  aboutHi: [
    'अफ़ग़ानी हींग का गोंद, छोटे बैचों में तैयार',
    'तेज़: एक पतीली दाल के लिए एक चुटकी काफ़ी',
    'हवाबंद पाउच में पैक',
    'FSSAI स्वीकृत: FSSAI लाइसेंस वाली इकाई में बनी और पैक',
  ],
  variants: [
    { weight: '50g', price: 95, mrp: 110, stock: 80 },
    { weight: '100g', price: 180, mrp: 200, stock: 40 },
  ],
};

/** The hing and the three offers; masalas are the products whose slug ends in '-masala'. */
export async function insertDemoOffers(tx: Tx): Promise<void> {
  const [last] = await tx
    .select({ position: products.position })
    .from(products)
    .orderBy(desc(products.position))
    .limit(1);
  const [hing] = await tx
    .insert(products)
    .values({
      slug: HING.slug,
      name: HING.name,
      nameHi: HING.nameHi,
      searchKeywords: HING.searchKeywords,
      brand: DEMO_BRAND,
      description: HING.description,
      descriptionHi: HING.descriptionHi,
      about: HING.about,
      aboutHi: HING.aboutHi,
      position: (last?.position ?? 0) + 100,
      hsnCode: '1301',
      gstRateBp: 500,
      ...demoDeclarationColumns(HING.slug),
    })
    .onConflictDoNothing()
    .returning({ id: products.id });
  if (!hing) return;
  const variants = await tx
    .insert(productVariants)
    .values(
      HING.variants.map((v, index) => ({
        productId: hing.id,
        weight: v.weight,
        weightHi: hindiWeight(v.weight),
        weightGrams: gramsFromLabel(v.weight),
        netQuantity: demoNetQuantity(v.weight),
        pricePaise: rupees(v.price),
        mrpPaise: rupees(v.mrp),
        stock: v.stock,
        sku: `HG-${v.weight.replace(/\D/g, '')}`,
        position: index,
      })),
    )
    .returning({ id: productVariants.id, weight: productVariants.weight });
  await tx.insert(productImages).values({
    productId: hing.id,
    url: '/images/products/hing.svg',
    alt: `${DEMO_BRAND} ${HING.name} pack`,
    position: 0,
  });
  const masalas = await tx.select({ id: products.id }).from(products).where(like(products.slug, '%-masala'));
  const gift = variants.find((v) => v.weight === '50g')!;
  await tx.insert(offers).values([
    {
      name: 'Flat 10% off above ₹999',
      nameHi: '₹999 से ऊपर 10% की छूट',
      type: 'SPEND_THRESHOLD',
      combinesWithCoupons: false,
      rules: {
        tiers: [{ minCartValuePaise: rupees(999), type: 'PERCENT', value: 10, maxDiscountPaise: null }],
      },
    },
    {
      name: 'Buy 2 masalas, get 1 free',
      nameHi: '2 मसाले खरीदें, 1 मुफ़्त पाएँ',
      type: 'BUY_X_GET_Y',
      combinesWithCoupons: true,
      rules: {
        buy: { productIds: masalas.map((m) => m.id), quantity: 2 },
        get: { quantity: 1, percentOff: 100 },
      },
    },
    {
      name: 'A free 50 g hing above ₹1,499',
      nameHi: '₹1,499 से ऊपर 50 ग्राम हींग मुफ़्त',
      type: 'FREE_GIFT',
      combinesWithCoupons: true,
      rules: { gift: { variantId: gift.id, minCartValuePaise: rupees(1499) } },
    },
  ]);
}
