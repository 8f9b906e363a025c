// Contracts of a product's declarations (decision 0035): what the product API gives (the values
// filled in with the shop's defaults), what the back office sends (the product's own, English and
// Hindi texts apart) and the shop-wide defaults (settings).
import { FSSAI_LICENCE_INVALID, FSSAI_LICENCE_PATTERN } from '../declarations.ts';
import { isWholeBaseAmount, NET_QUANTITY_UNITS } from '../unit-price.ts';
import * as z from './zod.ts';

const text = (what: string, max: number) =>
  z
    .string({ error: `The ${what} must be text.` })
    .trim()
    .max(max, `The ${what} must be at most ${max.toLocaleString('en-IN')} characters.`)
    .default('');

export const Party = z.object({ name: z.string(), address: z.string() }).meta({ id: 'DeclaredParty' });
export const ConsumerCare = z
  .object({ phone: z.string(), email: z.string(), address: z.string() })
  .meta({ id: 'ConsumerCare' });

const nutrient = (what: string, max: number) =>
  z.coerce
    .number({ error: `Enter the ${what} per 100 g as a number, like 12.5.` })
    .min(0, `The ${what} cannot be below 0.`)
    .max(max, `The ${what} per 100 g cannot be above ${max}.`);
export const Nutrition = z
  .object({
    energyKcal: nutrient('energy', 900),
    proteinG: nutrient('protein', 100),
    carbohydrateG: nutrient('carbohydrate', 100),
    sugarsG: nutrient('sugars', 100),
    fatG: nutrient('fat', 100),
    sodiumMg: nutrient('sodium', 100_000),
  })
  .meta({ id: 'NutritionPer100g' });

/** The declarations as the storefront shows them (the product's own, else the shop's defaults). */
export const Declarations = z
  .object({
    genericName: z.string(),
    manufacturer: Party,
    packer: Party.nullable(),
    marketer: Party.nullable(),
    countryOfOrigin: z.string(),
    consumerCare: ConsumerCare,
    fssaiLicence: z.string(),
    veg: z.boolean(),
    ingredients: z.string(),
    allergens: z.string(),
    shelfLifeMonths: z.number().int().nullable(),
    storage: z.string(),
    nutritionPer100g: Nutrition.nullable(),
  })
  .meta({ id: 'Declarations' });

export const NetQuantity = z
  .object({
    value: z.coerce
      .number({ error: 'Enter the net quantity as a number, like 100.' })
      .positive('Enter the net quantity as a number, like 100.')
      .max(100_000, 'That net quantity is too large.'),
    unit: z.enum(NET_QUANTITY_UNITS, { error: 'Choose g, kg, ml, l or pc.' }),
  })
  .refine(isWholeBaseAmount, {
    message: 'Use whole grams, millilitres or pieces (kg and l with up to three decimals).',
    path: ['value'],
  })
  .meta({ id: 'NetQuantity' });

export const UnitPrice = z
  .object({ amount: z.number(), per: z.enum(['100 g', '100 ml', '1 pc']) })
  .meta({ id: 'UnitPrice' });

export const fssaiLicence = z
  .string()
  .trim()
  .refine((s) => s === '' || FSSAI_LICENCE_PATTERN.test(s), FSSAI_LICENCE_INVALID)
  .default('');

const PartyEdit = z.object({
  name: text("company's name", 120),
  address: text('address', 300),
});
const PartyHi = z.object({ name: text("company's Hindi name", 120), address: text('Hindi address', 300) });
const email = z
  .string()
  .trim()
  .max(120)
  .refine(
    (s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
    'Enter an e-mail address like care@example.in.',
  )
  .default('');
const ConsumerCareEdit = z.object({
  phone: text('consumer care phone', 20),
  email,
  address: text('consumer care address', 300),
});

/** A product's own declarations as the back office sends them; blanks take the shop's defaults. */
export const DeclarationsEdit = z.object({
  genericName: text('generic name', 120),
  manufacturer: PartyEdit.default({ name: '', address: '' }),
  packer: PartyEdit.nullable().default(null),
  marketer: PartyEdit.nullable().default(null),
  countryOfOrigin: text('country of origin', 60),
  consumerCare: ConsumerCareEdit.default({ phone: '', email: '', address: '' }),
  fssaiLicence,
  veg: z.boolean().default(true),
  ingredients: text('ingredients', 1000),
  allergens: text('allergens', 300),
  shelfLifeMonths: z.coerce
    .number({ error: 'Enter the shelf life in whole months, like 12.' })
    .int('Enter the shelf life in whole months, like 12.')
    .min(1, 'Enter the shelf life in whole months, like 12.')
    .max(120, 'The shelf life is at most 120 months.')
    .nullable()
    .default(null),
  storage: text('storage instructions', 300),
  nutritionPer100g: Nutrition.nullable().default(null),
});
export type DeclarationsEditInput = z.infer<typeof DeclarationsEdit>;

/** The Hindi of the declarations' texts; a blank one shows the English. */
export const DeclarationsHiEdit = z.object({
  genericName: text('Hindi generic name', 120),
  manufacturer: PartyHi.partial().optional(),
  packer: PartyHi.partial().optional(),
  marketer: PartyHi.partial().optional(),
  countryOfOrigin: text('Hindi country of origin', 60),
  consumerCareAddress: text('Hindi consumer care address', 300),
  ingredients: text('Hindi ingredients', 1000),
  allergens: text('Hindi allergens', 300),
  storage: text('Hindi storage instructions', 300),
});
export type DeclarationsHiEditInput = z.infer<typeof DeclarationsHiEdit>;

/** The shop-wide defaults (settings): blank parties are null. */
export const DeclarationDefaultsEdit = z.object({
  manufacturer: PartyEdit.default({ name: '', address: '' }),
  packer: PartyEdit.default({ name: '', address: '' }),
  marketer: PartyEdit.default({ name: '', address: '' }),
  countryOfOrigin: text('country of origin', 60),
  consumerCare: ConsumerCareEdit.default({ phone: '', email: '', address: '' }),
  fssaiLicence,
  hi: DeclarationsHiEdit.pick({
    manufacturer: true,
    packer: true,
    marketer: true,
    countryOfOrigin: true,
    consumerCareAddress: true,
  }).default({ countryOfOrigin: '', consumerCareAddress: '' }),
  version: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
});
export type DeclarationDefaultsEditInput = z.infer<typeof DeclarationDefaultsEdit>;

export const DeclarationDefaultsDto = DeclarationDefaultsEdit.extend({ version: z.number().int() }).meta({
  id: 'DeclarationDefaults',
});
export type DeclarationDefaultsDtoType = z.infer<typeof DeclarationDefaultsDto>;
