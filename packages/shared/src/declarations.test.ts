import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DeclarationDefaults,
  type Declarations,
  EMPTY_DECLARATIONS,
  EMPTY_DEFAULTS,
  fillDeclarations,
  missingDeclarations,
  publishRefusal,
} from './declarations.ts';

const complete: Declarations = {
  genericName: 'Turmeric powder',
  manufacturer: { name: 'Kesar Chakki Foods', address: 'Vikhroli, Mumbai 400083' },
  packer: null,
  marketer: null,
  countryOfOrigin: 'India',
  consumerCare: { phone: '+91 9812345670', email: 'care@example.in', address: 'Mumbai 400083' },
  fssaiLicence: '11521999000123',
  veg: true,
  ingredients: 'Turmeric (100%)',
  allergens: '',
  shelfLifeMonths: 12,
  storage: '',
  nutritionPer100g: null,
};
const q = [{ value: 100, unit: 'g' }];

describe('missingDeclarations and publishRefusal', () => {
  // [what the product lacks, the refusal]
  const table: [Partial<Declarations>, unknown[], string | null][] = [
    [{}, q, null],
    [
      { manufacturer: { name: 'Kesar Chakki Foods', address: '' }, countryOfOrigin: '' },
      q,
      "Add the manufacturer's address and the country of origin before publishing.",
    ],
    [{ genericName: ' ' }, q, 'Add the generic name before publishing.'],
    [{ fssaiLicence: '1152199900012' }, q, 'Add the FSSAI licence number before publishing.'],
    [
      { ingredients: '', shelfLifeMonths: null, consumerCare: { phone: '', email: 'a@b.in', address: 'x' } },
      q,
      'Add the consumer care phone number, the ingredients and the shelf life before publishing.',
    ],
    [{ packer: { name: 'Packer Ltd', address: '' } }, q, "Add the packer's address before publishing."],
    [{}, [null], 'Add the net quantity of every variant before publishing.'],
    [{}, [], 'Add the net quantity of every variant before publishing.'],
    [{ allergens: '', storage: '', nutritionPer100g: null }, q, null], // not mandatory
  ];
  it.each(table)('%o → %s', (change, quantities, refusal) => {
    const missing = missingDeclarations({ ...complete, ...change }, quantities);
    expect(missing.length === 0 ? null : publishRefusal(missing)).toBe(refusal);
  });

  it('names every missing field of an empty product once, in a sentence', () => {
    const missing = missingDeclarations(EMPTY_DECLARATIONS, [null]);
    expect(new Set(missing).size).toBe(missing.length);
    expect(publishRefusal(missing)).toMatch(
      /^Add the generic name, .* and the shelf life before publishing\.$/,
    );
  });

  it('never refuses a product whose fields are all filled, whatever they say', () => {
    const words = fc.string({ minLength: 1 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(words, words, words, fc.integer({ min: 1, max: 120 }), (a, b, c, months) => {
        const d = {
          ...complete,
          genericName: a,
          ingredients: b,
          countryOfOrigin: c,
          shelfLifeMonths: months,
        };
        expect(missingDeclarations(d, q)).toEqual([]);
      }),
    );
  });
});

describe('fillDeclarations', () => {
  const defaults: DeclarationDefaults = {
    manufacturer: { name: 'Shop Foods', address: 'Shop address' },
    packer: { name: 'Pack Co', address: 'Pack address' },
    marketer: null,
    countryOfOrigin: 'India',
    consumerCare: { phone: '1800', email: 'care@shop.in', address: 'Care address' },
    fssaiLicence: '10012345678901',
  };
  const defaultsHi = { manufacturer: { name: 'शॉप फ़ूड्स', address: 'शॉप का पता' }, countryOfOrigin: 'भारत' };

  it("takes the shop's maker, packer, country, care and licence where the product leaves them empty", () => {
    const { en, hi } = fillDeclarations(
      { ...EMPTY_DECLARATIONS, genericName: 'Cumin powder' },
      { genericName: 'जीरा पाउडर' },
      defaults,
      defaultsHi,
    );
    expect(en).toMatchObject({
      genericName: 'Cumin powder',
      manufacturer: defaults.manufacturer,
      packer: defaults.packer,
      marketer: null,
      countryOfOrigin: 'India',
      consumerCare: defaults.consumerCare,
      fssaiLicence: '10012345678901',
    });
    expect(hi).toMatchObject({
      genericName: 'जीरा पाउडर',
      manufacturer: { name: 'शॉप फ़ूड्स', address: 'शॉप का पता' },
      packer: defaults.packer, // no Hindi: the English
      countryOfOrigin: 'भारत',
    });
  });

  it("keeps the product's own values and never pairs its maker's name with the shop's address", () => {
    const own = { ...complete, manufacturer: { name: 'Own Mills', address: '' } };
    const { en } = fillDeclarations(own, {}, defaults, defaultsHi);
    expect(en.manufacturer).toEqual({ name: 'Own Mills', address: '' });
    expect(en.countryOfOrigin).toBe('India');
    expect(en.fssaiLicence).toBe(complete.fssaiLicence);
    expect(missingDeclarations(en, q)).toEqual(["the manufacturer's address"]);
  });

  it('has no default generic name, ingredients or shelf life', () => {
    const { en } = fillDeclarations(EMPTY_DECLARATIONS, {}, defaults, {});
    expect(missingDeclarations(en, q)).toEqual(['the generic name', 'the ingredients', 'the shelf life']);
    expect(fillDeclarations(EMPTY_DECLARATIONS, {}, EMPTY_DEFAULTS, {}).en.manufacturer).toEqual({
      name: '',
      address: '',
    });
  });
});
