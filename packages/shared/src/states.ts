// Indian states and union territories as the shop writes them, and the older or looser spellings
// shoppers (and the India Post directory) use, so 'ORISSA', 'Pondicherry' or 'Jammu and Kashmir'
// all match the pincode's state. Pure: the address form and the server agree.

export const STATES = [
  'Andaman & Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra & Nagar Haveli and Daman & Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu & Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;

/** Lower case, '&' read as 'and', punctuation and repeated spaces dropped: the key names compare on. */
const key = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const ALIASES: Record<string, string> = {
  'andaman and nicobar': 'Andaman & Nicobar Islands',
  andaman: 'Andaman & Nicobar Islands',
  chattisgarh: 'Chhattisgarh',
  'dadra and nagar haveli': 'Dadra & Nagar Haveli and Daman & Diu',
  'daman and diu': 'Dadra & Nagar Haveli and Daman & Diu',
  'new delhi': 'Delhi',
  'nct of delhi': 'Delhi',
  'national capital territory of delhi': 'Delhi',
  'delhi ncr': 'Delhi',
  orissa: 'Odisha',
  pondicherry: 'Puducherry',
  uttaranchal: 'Uttarakhand',
  'j and k': 'Jammu & Kashmir',
};

const BY_KEY = new Map<string, string>([
  ...STATES.map((s) => [key(s), s] as const),
  ...Object.entries(ALIASES),
]);

/** The shop's spelling of a state or union territory, or null when the name is none of them. */
export function canonicalState(name: string): string | null {
  return BY_KEY.get(key(name)) ?? null;
}

/** Whether what the shopper typed names the same state as the pincode's. */
export function sameState(typed: string, pincodeState: string): boolean {
  const a = canonicalState(typed);
  return a !== null && a === canonicalState(pincodeState);
}
