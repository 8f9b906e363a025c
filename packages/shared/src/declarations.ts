// A packaged food's declarations as the listing must show them (decision 0035): the Legal
// Metrology (Packaged Commodities) Rules 2011 as amended for e-commerce (maker/packer/marketer,
// generic name, net quantity, country of origin, consumer care) and the FSSAI (Labelling and
// Display) Regulations 2020 with FSSAI's e-commerce guidance (licence number, ingredients,
// allergens, veg mark, nutrition, best before). A product leaving the maker, packer, marketer,
// country of origin, consumer care or licence empty takes the shop's defaults; its generic name,
// ingredients and shelf life are its own. Publishing is refused while a mandatory one is missing.

export interface Party {
  name: string;
  address: string;
}
export interface ConsumerCare {
  phone: string;
  email: string;
  address: string;
}
export interface Nutrition {
  energyKcal: number;
  proteinG: number;
  carbohydrateG: number;
  sugarsG: number;
  fatG: number;
  sodiumMg: number;
}
export const NUTRIENTS = ['energyKcal', 'proteinG', 'carbohydrateG', 'sugarsG', 'fatG', 'sodiumMg'] as const;

export interface Declarations {
  genericName: string;
  manufacturer: Party;
  packer: Party | null;
  marketer: Party | null;
  countryOfOrigin: string;
  consumerCare: ConsumerCare;
  fssaiLicence: string;
  veg: boolean;
  ingredients: string;
  allergens: string;
  shelfLifeMonths: number | null;
  storage: string;
  nutritionPer100g: Nutrition | null;
}

/** The Hindi of a product's texts; '' (or missing) shows the English (decision 0018). */
export interface DeclarationTextsHi {
  genericName?: string;
  manufacturer?: Partial<Party>;
  packer?: Partial<Party>;
  marketer?: Partial<Party>;
  countryOfOrigin?: string;
  consumerCareAddress?: string;
  ingredients?: string;
  allergens?: string;
  storage?: string;
}

/** The shop's defaults (settings): what a product leaves empty. */
export interface DeclarationDefaults {
  manufacturer: Party | null;
  packer: Party | null;
  marketer: Party | null;
  countryOfOrigin: string;
  consumerCare: ConsumerCare | null;
  fssaiLicence: string;
}
export type DeclarationDefaultsHi = Pick<
  DeclarationTextsHi,
  'manufacturer' | 'packer' | 'marketer' | 'countryOfOrigin' | 'consumerCareAddress'
>;

export const FSSAI_LICENCE_INVALID = 'Enter the 14-digit FSSAI licence number.';
export const FSSAI_LICENCE_PATTERN = /^\d{14}$/;

const blank = (s: string | null | undefined) => (s ?? '').trim() === '';
const emptyParty = (p: Party | null | undefined) => !p || (blank(p.name) && blank(p.address));

export const EMPTY_DECLARATIONS: Declarations = {
  genericName: '',
  manufacturer: { name: '', address: '' },
  packer: null,
  marketer: null,
  countryOfOrigin: '',
  consumerCare: { phone: '', email: '', address: '' },
  fssaiLicence: '',
  veg: true,
  ingredients: '',
  allergens: '',
  shelfLifeMonths: null,
  storage: '',
  nutritionPer100g: null,
};

export const EMPTY_DEFAULTS: DeclarationDefaults = {
  manufacturer: null,
  packer: null,
  marketer: null,
  countryOfOrigin: '',
  consumerCare: null,
  fssaiLicence: '',
};

/**
 * The declarations as shown, in English and in Hindi: each party (maker, packer, marketer) and the
 * consumer care are taken whole, the product's own or else the shop's, so one company's name is
 * never paired with another's address; their Hindi comes from the same source.
 */
export function fillDeclarations(
  own: Declarations,
  ownHi: DeclarationTextsHi,
  defaults: DeclarationDefaults,
  defaultsHi: DeclarationDefaultsHi,
): { en: Declarations; hi: Declarations } {
  const party = (key: 'manufacturer' | 'packer' | 'marketer') => {
    const mine = !emptyParty(own[key]);
    const en = mine ? own[key] : defaults[key];
    const hi = mine ? ownHi[key] : defaultsHi[key];
    return {
      en: en ? { ...en } : null,
      hi: en ? { name: pickHi(en.name, hi?.name), address: pickHi(en.address, hi?.address) } : null,
    };
  };
  const maker = party('manufacturer');
  const packer = party('packer');
  const marketer = party('marketer');
  const ownCare =
    !blank(own.consumerCare.phone) || !blank(own.consumerCare.email) || !blank(own.consumerCare.address);
  const care = ownCare ? own.consumerCare : (defaults.consumerCare ?? own.consumerCare);
  const careHi = ownCare ? ownHi.consumerCareAddress : defaultsHi.consumerCareAddress;
  const ownCountry = !blank(own.countryOfOrigin);
  const country = ownCountry ? own.countryOfOrigin : defaults.countryOfOrigin;
  const countryHi = ownCountry ? ownHi.countryOfOrigin : defaultsHi.countryOfOrigin;
  const en: Declarations = {
    ...own,
    manufacturer: maker.en ?? { name: '', address: '' },
    packer: packer.en,
    marketer: marketer.en,
    countryOfOrigin: country,
    consumerCare: { ...care },
    fssaiLicence: blank(own.fssaiLicence) ? defaults.fssaiLicence : own.fssaiLicence,
  };
  const hi: Declarations = {
    ...en,
    genericName: pickHi(en.genericName, ownHi.genericName),
    manufacturer: maker.hi ?? en.manufacturer,
    packer: packer.hi,
    marketer: marketer.hi,
    countryOfOrigin: pickHi(country, countryHi),
    consumerCare: { ...en.consumerCare, address: pickHi(en.consumerCare.address, careHi) },
    ingredients: pickHi(en.ingredients, ownHi.ingredients),
    allergens: pickHi(en.allergens, ownHi.allergens),
    storage: pickHi(en.storage, ownHi.storage),
  };
  return { en, hi };
}

const pickHi = (en: string, hi: string | undefined) => (hi && hi.trim() !== '' ? hi : en);

/** The mandatory declarations, in the order the refusal names them. */
const MANDATORY: [string, (d: Declarations, netQuantities: readonly (unknown | null)[]) => boolean][] = [
  ['the generic name', (d) => blank(d.genericName)],
  ["the manufacturer's name", (d) => blank(d.manufacturer.name)],
  ["the manufacturer's address", (d) => blank(d.manufacturer.address)],
  ["the packer's name", (d) => d.packer !== null && blank(d.packer.name)],
  ["the packer's address", (d) => d.packer !== null && blank(d.packer.address)],
  ["the marketer's name", (d) => d.marketer !== null && blank(d.marketer.name)],
  ["the marketer's address", (d) => d.marketer !== null && blank(d.marketer.address)],
  ['the net quantity of every variant', (_, q) => q.length === 0 || q.some((x) => x === null)],
  ['the country of origin', (d) => blank(d.countryOfOrigin)],
  ['the consumer care phone number', (d) => blank(d.consumerCare.phone)],
  ['the consumer care e-mail', (d) => blank(d.consumerCare.email)],
  ['the consumer care address', (d) => blank(d.consumerCare.address)],
  ['the FSSAI licence number', (d) => !FSSAI_LICENCE_PATTERN.test(d.fssaiLicence)],
  ['the ingredients', (d) => blank(d.ingredients)],
  ['the shelf life', (d) => d.shelfLifeMonths === null || d.shelfLifeMonths <= 0],
];

/** What a product (its declarations filled in with the defaults) still lacks to be published. */
export function missingDeclarations(
  filled: Declarations,
  netQuantities: readonly (unknown | null)[],
): string[] {
  return MANDATORY.filter(([, missing]) => missing(filled, netQuantities)).map(([name]) => name);
}

/** 'a', 'a and b', 'a, b and c'. */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** 'Add the manufacturer's address and the country of origin before publishing.' */
export function publishRefusal(missing: readonly string[]): string {
  return `Add ${listOf(missing)} before publishing.`;
}

/** Whether a product has declarations of its own, as opposed to none written yet (null stored). */
export function isEmptyParty(p: Party | null | undefined): boolean {
  return emptyParty(p);
}
