// A pincode's localities, as the address form offers them, from the names of its post offices in
// the India Post directory (used by scripts/build-pincodes.ts). An office's name is the place it
// serves, once India Post's office-type suffix is off: 'Padmini Nagar S.O', 'Elephanta Caves Po',
// 'Basbitti-bo', 'Jamalpur Work Shop Ed So' (extra-departmental), 'Morbi MDG' (mukhya dak ghar).
// A trailing '(district)' that only tells apart same-named offices of different districts goes
// too ('Aliganj (South Delhi)' in South Delhi); any other bracket is part of the name. Spelling and
// case stay as the data gives them.

/** One office-type word ('SO', 'S.O', 'S. O', 'B.O', 'HO', 'GPO', 'PO', 'ED', 'MDG'), case-blind. */
const OFFICE_TYPE = String.raw`(?:s|b|h|g\.?\s?p|p|n\.?\s?d\.?\s?s)\.?\s?o\.?|e\.?\s?d\.?|mdg`;
/** Office-type words at the end, or before a closing bracket ('Atmakur So (A)' is 'Atmakur (A)'). */
const OFFICE_SUFFIX = new RegExp(String.raw`(?:[\s,-]+(?:${OFFICE_TYPE}))+(\s*\([^()]*\))?$`, 'i');

const squeeze = (s: string) => s.replace(/\s+/g, ' ').replace(/\(\s/g, '(').replace(/\s\)/g, ')').trim();

/** The locality an office's name stands for. */
export function localityName(office: string, district = ''): string {
  // Either may come first: 'Bankura Bo(Howrah)' in Howrah is 'Bankura'.
  let name = squeeze(office);
  for (let before = ''; before !== name; ) {
    before = name;
    name = name.replace(OFFICE_SUFFIX, (_, bracket?: string) => (bracket ? ` ${bracket.trim()}` : ''));
    const bracket = /\s*\(([^()]*)\)$/.exec(name);
    if (bracket && district && squeeze(bracket[1]!).toLowerCase() === squeeze(district).toLowerCase()) {
      name = name.slice(0, bracket.index);
    }
  }
  return name.replace(/[\s,-]+$/, '');
}

/**
 * A pincode's localities: each office's locality once (two spellings that differ only in case are
 * one, the one not in capitals kept), sorted as an English reader expects.
 */
export function localitiesOf(offices: readonly { name: string; district?: string }[]): string[] {
  const byKey = new Map<string, string>();
  for (const office of offices) {
    const name = localityName(office.name, office.district);
    if (!name) continue; // a blank name
    const key = name.toLowerCase();
    const kept = byKey.get(key);
    if (kept === undefined || (kept === kept.toUpperCase() && name !== name.toUpperCase())) {
      byKey.set(key, name);
    }
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en') || (a < b ? -1 : a > b ? 1 : 0));
}
