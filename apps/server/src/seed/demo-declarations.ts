// The demo shop's declarations (decision 0035): the shop's defaults (maker, consumer care, country
// of origin, FSSAI licence) and each product's own (generic name, ingredients, allergens, shelf
// life, storage, nutrition per 100 g), in English and Hindi, plus every variant's net quantity.
// Plausible figures for ground spices and blends, not laboratory results of a real product.
import type { DeclarationDefaults, DeclarationDefaultsHi, Nutrition } from '@spice/shared/declarations';
import { type NetQuantity, netQuantityFromLabel } from '@spice/shared/unit-price';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { declarationDefaults, products, productVariants } from '../modules/catalog/schema.ts';

export const DEMO_DECLARATION_DEFAULTS: DeclarationDefaults = {
  manufacturer: {
    name: 'Kesar Chakki Foods Private Limited',
    address: 'Unit 4, Shree Ganesh Industrial Estate, LBS Marg, Vikhroli West, Mumbai 400083, Maharashtra',
  },
  packer: null,
  marketer: null,
  countryOfOrigin: 'India',
  consumerCare: {
    phone: '+91 9812345670',
    email: 'care@kesarchakki.in',
    address:
      'Consumer Care, Kesar Chakki Foods, Unit 4, Shree Ganesh Industrial Estate, Vikhroli West, Mumbai 400083',
  },
  fssaiLicence: '11521999000123',
};

export const DEMO_DECLARATION_DEFAULTS_HI: DeclarationDefaultsHi = {
  manufacturer: {
    name: 'केसर चक्की फ़ूड्स प्राइवेट लिमिटेड',
    address: 'यूनिट 4, श्री गणेश इंडस्ट्रियल एस्टेट, एलबीएस मार्ग, विक्रोली वेस्ट, मुंबई 400083, महाराष्ट्र',
  },
  countryOfOrigin: 'भारत',
  consumerCareAddress: 'उपभोक्ता सेवा, केसर चक्की फ़ूड्स, यूनिट 4, श्री गणेश इंडस्ट्रियल एस्टेट, विक्रोली वेस्ट, मुंबई 400083',
};

interface DemoDeclaration {
  genericName: [string, string];
  ingredients: [string, string];
  allergens?: [string, string];
  shelfLifeMonths: number;
  /** kcal, protein g, carbohydrate g, sugars g, fat g, sodium mg. */
  nutrition: [number, number, number, number, number, number];
}

const STORAGE: [string, string] = [
  'Store in a cool, dry place in an airtight container, away from sunlight. Use a dry spoon.',
  'ठंडी, सूखी जगह पर, धूप से दूर, हवाबंद डिब्बे में रखें। सूखे चम्मच का ही इस्तेमाल करें।',
];
const MUSTARD: [string, string] = [
  'Contains mustard. Packed in a unit that also handles sesame.',
  'इसमें सरसों है। ऐसी यूनिट में पैक जहाँ तिल भी पैक होता है।',
];
const FACILITY: [string, string] = [
  'No allergens among the ingredients. Packed in a unit that also handles mustard and sesame.',
  'सामग्री में कोई एलर्जेन नहीं। ऐसी यूनिट में पैक जहाँ सरसों और तिल भी पैक होते हैं।',
];
const blend = (en: string, hi: string): [string, string] => [`Spice blend (${en})`, `मसाला मिश्रण (${hi})`];

export const DEMO_DECLARATIONS: Record<string, DemoDeclaration> = {
  'festive-masala-box': {
    genericName: [
      'Assorted spice blends, 6 packs of 50 g (garam, pav bhaji, biryani, chaat, sambar, kitchen king masala)',
      'मिले-जुले मसाला मिश्रण, 50 ग्राम के 6 पैक (गरम, पाव भाजी, बिरयानी, चाट, सांबर, किचन किंग मसाला)',
    ],
    ingredients: [
      'Each pack lists its own. Together: coriander, cumin, red chilli, black pepper, dry mango, black salt, iodised salt, turmeric, fenugreek, mustard, toor dal, chana dal, curry leaves, cinnamon, cardamom, cloves, bay leaf, mace, nutmeg, dry ginger, star anise',
      'हर पैक पर उसकी अपनी सूची। कुल मिलाकर: धनिया, जीरा, लाल मिर्च, काली मिर्च, अमचूर, काला नमक, आयोडीन युक्त नमक, हल्दी, मेथी, सरसों, अरहर दाल, चना दाल, कढ़ी पत्ता, दालचीनी, इलायची, लौंग, तेजपत्ता, जावित्री, जायफल, सोंठ, चक्रफूल',
    ],
    allergens: MUSTARD,
    shelfLifeMonths: 12,
    nutrition: [352, 12.4, 50.6, 4.2, 10.8, 2100],
  },
  'garam-masala': {
    genericName: blend('garam masala', 'गरम मसाला'),
    ingredients: [
      'Coriander, cumin, black pepper, cinnamon, green cardamom, cloves, dry ginger, bay leaf, mace, nutmeg',
      'धनिया, जीरा, काली मिर्च, दालचीनी, हरी इलायची, लौंग, सोंठ, तेजपत्ता, जावित्री, जायफल',
    ],
    shelfLifeMonths: 12,
    nutrition: [379, 13.2, 49.8, 3.1, 15.1, 82],
  },
  'chicken-masala': {
    genericName: blend('chicken masala', 'चिकन मसाला'),
    ingredients: [
      'Coriander, red chilli, cumin, turmeric, iodised salt, black pepper, dry ginger, garlic, mustard, cloves, cinnamon, cardamom',
      'धनिया, लाल मिर्च, जीरा, हल्दी, आयोडीन युक्त नमक, काली मिर्च, सोंठ, लहसुन, सरसों, लौंग, दालचीनी, इलायची',
    ],
    allergens: MUSTARD,
    shelfLifeMonths: 12,
    nutrition: [318, 12.1, 44.6, 4.2, 11.3, 4200],
  },
  'meat-masala': {
    genericName: blend('meat masala', 'मीट मसाला'),
    ingredients: [
      'Red chilli, coriander, cumin, iodised salt, black pepper, dry ginger, garlic, mustard, black cardamom, cloves, cinnamon, bay leaf',
      'लाल मिर्च, धनिया, जीरा, आयोडीन युक्त नमक, काली मिर्च, सोंठ, लहसुन, सरसों, बड़ी इलायची, लौंग, दालचीनी, तेजपत्ता',
    ],
    allergens: MUSTARD,
    shelfLifeMonths: 12,
    nutrition: [322, 12.6, 45.2, 5.0, 12.0, 4600],
  },
  'kitchen-king-masala': {
    genericName: blend('kitchen king masala', 'किचन किंग मसाला'),
    ingredients: [
      'Coriander, red chilli, turmeric, cumin, dried fenugreek leaves, black pepper, dry ginger, mustard, cloves, cinnamon, cardamom, nutmeg',
      'धनिया, लाल मिर्च, हल्दी, जीरा, कसूरी मेथी, काली मिर्च, सोंठ, सरसों, लौंग, दालचीनी, इलायची, जायफल',
    ],
    allergens: MUSTARD,
    shelfLifeMonths: 12,
    nutrition: [341, 13.0, 48.5, 3.6, 13.4, 96],
  },
  'turmeric-powder': {
    genericName: ['Turmeric powder', 'हल्दी पाउडर'],
    ingredients: ['Turmeric (100%)', 'हल्दी (100%)'],
    allergens: FACILITY,
    shelfLifeMonths: 18,
    nutrition: [312, 9.7, 67.1, 3.2, 3.3, 27],
  },
  'coriander-powder': {
    genericName: ['Coriander powder', 'धनिया पाउडर'],
    ingredients: ['Coriander seeds (100%)', 'साबुत धनिया (100%)'],
    allergens: FACILITY,
    shelfLifeMonths: 12,
    nutrition: [298, 12.4, 55.0, 0, 17.8, 35],
  },
  'red-chilli-powder': {
    genericName: ['Red chilli powder', 'लाल मिर्च पाउडर'],
    ingredients: ['Dried red chillies (100%)', 'सूखी लाल मिर्च (100%)'],
    allergens: FACILITY,
    shelfLifeMonths: 12,
    nutrition: [282, 13.5, 49.7, 10.3, 14.3, 30],
  },
  'chole-masala': {
    genericName: blend('chole masala', 'छोले मसाला'),
    ingredients: [
      'Coriander, dried mango powder, red chilli, cumin, pomegranate seeds, black salt, black pepper, dry ginger, cloves, cinnamon, bay leaf',
      'धनिया, अमचूर, लाल मिर्च, जीरा, अनारदाना, काला नमक, काली मिर्च, सोंठ, लौंग, दालचीनी, तेजपत्ता',
    ],
    allergens: FACILITY,
    shelfLifeMonths: 12,
    nutrition: [326, 11.2, 52.4, 8.1, 10.6, 3100],
  },
  'pav-bhaji-masala': {
    genericName: blend('pav bhaji masala', 'पाव भाजी मसाला'),
    ingredients: [
      'Red chilli, coriander, dried mango powder, cumin, fennel, black salt, black pepper, dry ginger, cloves, cinnamon, star anise',
      'लाल मिर्च, धनिया, अमचूर, जीरा, सौंफ, काला नमक, काली मिर्च, सोंठ, लौंग, दालचीनी, चक्र फूल',
    ],
    allergens: FACILITY,
    shelfLifeMonths: 12,
    nutrition: [318, 11.8, 50.2, 7.4, 10.9, 2800],
  },
  'sambar-masala': {
    genericName: blend('sambar masala', 'सांबर मसाला'),
    ingredients: [
      'Coriander, red chilli, split pigeon peas, split Bengal gram, cumin, fenugreek seeds, black pepper, turmeric, curry leaves, asafoetida (with wheat flour)',
      'धनिया, लाल मिर्च, अरहर दाल, चना दाल, जीरा, मेथी दाना, काली मिर्च, हल्दी, करी पत्ता, हींग (गेहूँ के आटे के साथ)',
    ],
    allergens: ['Contains wheat (gluten) in the asafoetida.', 'हींग में गेहूँ (ग्लूटेन) है।'],
    shelfLifeMonths: 9,
    nutrition: [334, 16.4, 51.0, 3.8, 9.2, 74],
  },
  'biryani-masala': {
    genericName: blend('biryani masala', 'बिरयानी मसाला'),
    ingredients: [
      'Coriander, black pepper, cinnamon, green cardamom, black cardamom, cloves, star anise, mace, nutmeg, bay leaf, fennel, rose petals',
      'धनिया, काली मिर्च, दालचीनी, हरी इलायची, बड़ी इलायची, लौंग, चक्र फूल, जावित्री, जायफल, तेजपत्ता, सौंफ, गुलाब की पंखुड़ियाँ',
    ],
    allergens: FACILITY,
    shelfLifeMonths: 12,
    nutrition: [362, 11.9, 52.6, 4.4, 14.2, 64],
  },
  'kasuri-methi': {
    genericName: ['Dried fenugreek leaves', 'सूखी मेथी की पत्तियाँ'],
    ingredients: ['Dried fenugreek leaves (100%)', 'सूखी मेथी की पत्तियाँ (100%)'],
    allergens: FACILITY,
    shelfLifeMonths: 9,
    nutrition: [323, 23.0, 58.4, 0, 6.4, 67],
  },
  'chaat-masala': {
    genericName: blend('chaat masala', 'चाट मसाला'),
    ingredients: [
      'Black salt, dried mango powder, cumin, coriander, iodised salt, black pepper, red chilli, dry ginger, mint leaves, asafoetida (with wheat flour)',
      'काला नमक, अमचूर, जीरा, धनिया, आयोडीन युक्त नमक, काली मिर्च, लाल मिर्च, सोंठ, पुदीना, हींग (गेहूँ के आटे के साथ)',
    ],
    allergens: ['Contains wheat (gluten) in the asafoetida.', 'हींग में गेहूँ (ग्लूटेन) है।'],
    shelfLifeMonths: 12,
    nutrition: [214, 7.1, 38.6, 6.2, 4.5, 14800],
  },
  'jeera-powder': {
    genericName: ['Cumin powder', 'जीरा पाउडर'],
    ingredients: ['Cumin seeds (100%)', 'साबुत जीरा (100%)'],
    allergens: FACILITY,
    shelfLifeMonths: 12,
    nutrition: [375, 17.8, 44.2, 2.3, 22.3, 168],
  },
  // Issue 36's free gift (demo-offers.ts).
  hing: {
    genericName: ['Compounded asafoetida (hing)', 'मिश्रित हींग'],
    ingredients: ['Asafoetida resin, wheat flour, gum arabic', 'हींग का गोंद, गेहूँ का आटा, गोंद अरबी'],
    allergens: ['Contains wheat (gluten).', 'इसमें गेहूँ (ग्लूटेन) है।'],
    shelfLifeMonths: 18,
    nutrition: [297, 4.0, 67.8, 1.1, 4.1, 90],
  },
  'tea-masala': {
    genericName: blend('tea masala', 'चाय मसाला'),
    ingredients: [
      'Dry ginger, green cardamom, black pepper, cinnamon, cloves, nutmeg',
      'सोंठ, हरी इलायची, काली मिर्च, दालचीनी, लौंग, जायफल',
    ],
    allergens: FACILITY,
    shelfLifeMonths: 12,
    nutrition: [335, 9.1, 61.2, 3.4, 6.9, 32],
  },
  'shahi-paneer-masala': {
    genericName: blend('shahi paneer masala', 'शाही पनीर मसाला'),
    ingredients: [
      'Coriander, red chilli, dried fenugreek leaves, cumin, cashew powder, iodised salt, turmeric, green cardamom, cinnamon, cloves, mace',
      'धनिया, लाल मिर्च, कसूरी मेथी, जीरा, काजू पाउडर, आयोडीन युक्त नमक, हल्दी, हरी इलायची, दालचीनी, लौंग, जावित्री',
    ],
    allergens: ['Contains cashew nut.', 'इसमें काजू है।'],
    shelfLifeMonths: 9,
    nutrition: [356, 12.8, 45.9, 5.6, 15.7, 2900],
  },
};

const nutrition = ([
  energyKcal,
  proteinG,
  carbohydrateG,
  sugarsG,
  fatG,
  sodiumMg,
]: DemoDeclaration['nutrition']): Nutrition => ({
  energyKcal,
  proteinG,
  carbohydrateG,
  sugarsG,
  fatG,
  sodiumMg,
});

/** The product's own declarations columns, by slug (maker and the rest come from the defaults). */
export function demoDeclarationColumns(slug: string) {
  const d = DEMO_DECLARATIONS[slug];
  if (!d) throw new Error(`seed: no declarations for ${slug} (add them to demo-declarations.ts)`);
  const allergens = d.allergens ?? ['', ''];
  return {
    declarations: {
      genericName: d.genericName[0],
      veg: true,
      ingredients: d.ingredients[0],
      allergens: allergens[0],
      shelfLifeMonths: d.shelfLifeMonths,
      storage: STORAGE[0],
      nutritionPer100g: nutrition(d.nutrition),
    },
    declarationsHi: {
      genericName: d.genericName[1],
      ingredients: d.ingredients[1],
      allergens: allergens[1],
      storage: STORAGE[1],
    },
  };
}

/** '50g' → 50 g; '1kg' → 1 kg. */
export function demoNetQuantity(weight: string): NetQuantity | null {
  return netQuantityFromLabel(weight);
}

export async function insertDemoDeclarationDefaults(tx: Tx): Promise<void> {
  await tx
    .insert(declarationDefaults)
    .values({ id: 1, values: DEMO_DECLARATION_DEFAULTS, valuesHi: DEMO_DECLARATION_DEFAULTS_HI })
    .onConflictDoNothing();
}

/**
 * A demo shop seeded before declarations existed (the seed runs once): its defaults, its demo
 * products' declarations where none were written and its variants' net quantities where none were
 * entered. Run once in demo mode (demo-seed.ts), never on a real shop.
 */
export async function backfillDemoDeclarations(tx: Tx): Promise<void> {
  await insertDemoDeclarationDefaults(tx);
  for (const slug of Object.keys(DEMO_DECLARATIONS)) {
    await tx
      .update(products)
      .set(demoDeclarationColumns(slug))
      .where(and(eq(products.slug, slug), sql`${products.declarations} = '{}'::jsonb`));
  }
  const variants = await tx
    .select({ id: productVariants.id, weight: productVariants.weight })
    .from(productVariants)
    .where(isNull(productVariants.netQuantity));
  for (const v of variants) {
    const q = demoNetQuantity(v.weight);
    if (q) await tx.update(productVariants).set({ netQuantity: q }).where(eq(productVariants.id, v.id));
  }
}
