// How India names its spices: one row per spice (or word of a blend's name), every spelling a
// shopper types for it, in English, Devanagari and Hindi written in Latin letters. The server's
// search index and the storefront's highlighting both read this table, so a word the index matched
// is a word the page marks. Spellings are compared after normaliseText (lower case, NFC,
// punctuation as spaces). The first spelling of a row is its key.

export const SPICE_NAMES: readonly (readonly string[])[] = [
  ['turmeric', 'tumeric', 'हल्दी', 'haldi', 'huldi', 'haldee', 'hardi', 'halad'],
  // One row for every chilli: 'mirch' alone means chilli; 'kali mirch' (below) is black pepper.
  [
    'chilli',
    'chili',
    'chile',
    'chillies',
    'chilies',
    'chilly',
    'red chilli',
    'red chili',
    'मिर्च',
    'मिर्ची',
    'लाल मिर्च',
    'mirch',
    'mirchi',
    'mirchee',
    'lal mirch',
    'laal mirch',
    'lal mirchi',
    'laal mirchi',
  ],
  [
    'black pepper',
    'pepper',
    'peppercorn',
    'peppercorns',
    'काली मिर्च',
    'kali mirch',
    'kaali mirch',
    'kali mirchi',
    'kalimirch',
  ],
  ['coriander', 'धनिया', 'dhania', 'dhaniya', 'dhanya', 'dhaniyaa', 'dhaniaa'],
  ['cumin', 'जीरा', 'jeera', 'jira', 'zeera', 'zira', 'jeera seeds'],
  ['fenugreek', 'मेथी', 'methi', 'methee', 'meethi'],
  ['kasuri', 'कसूरी', 'kasoori', 'kasturi'],
  ['cardamom', 'cardamon', 'इलायची', 'elaichi', 'elachi', 'ilaichi', 'elaychi', 'illaichi', 'ilayachi'],
  ['cinnamon', 'दालचीनी', 'dalchini', 'dalchinni', 'dal chini', 'dalcheeni'],
  ['asafoetida', 'asafetida', 'हींग', 'हिंग', 'hing', 'heeng', 'hingu'],
  ['carom', 'carom seeds', 'अजवाइन', 'अजवायन', 'ajwain', 'ajwayan', 'ajowan', 'ajvain', 'ajwaain'],
  ['fennel', 'सौंफ', 'saunf', 'sonf', 'saunff', 'somph'],
  ['cloves', 'clove', 'लौंग', 'laung', 'lavang', 'loung', 'lwang'],
  ['bay leaf', 'bay leaves', 'तेज पत्ता', 'तेजपत्ता', 'tej patta', 'tejpatta', 'tej pata', 'tez patta'],
  ['dry mango', 'dried mango', 'mango powder', 'अमचूर', 'आमचूर', 'amchur', 'amchoor', 'aamchur', 'amchure'],
  ['ginger', 'dried ginger', 'dry ginger', 'अदरक', 'सोंठ', 'adrak', 'adrakh', 'sonth', 'saunth'],
  ['mint', 'पुदीना', 'pudina', 'pudeena', 'podina'],
  ['black salt', 'काला नमक', 'kala namak', 'kaala namak', 'sanchal'],
  ['mustard', 'सरसों', 'राई', 'sarson', 'sarso', 'rai'],
  ['nutmeg', 'जायफल', 'jaiphal', 'jayphal', 'jaifal'],
  ['mace', 'जावित्री', 'javitri', 'jaavitri', 'jawitri'],
  ['star anise', 'चक्र फूल', 'chakra phool', 'chakri phool', 'badiyan', 'badian'],
  ['pomegranate seeds', 'अनारदाना', 'anardana', 'anar dana'],
  ['tea', 'चाय', 'chai', 'chay', 'chaay'],
  ['masala', 'मसाला', 'masaala', 'masalah', 'masale', 'मसाले'],
  ['garam', 'गरम', 'garum'],
  ['chaat', 'चाट', 'chat', 'chatt'],
  ['chole', 'छोले', 'chhole', 'choley', 'chholey', 'chana', 'channa', 'chickpeas', 'chickpea'],
  ['sambar', 'सांबर', 'sambhar', 'saambar'],
  ['biryani', 'बिरयानी', 'biriyani', 'biriani', 'briyani', 'biryaani'],
  ['pav bhaji', 'पाव भाजी', 'pao bhaji', 'paav bhaji', 'pavbhaji'],
  ['chicken', 'चिकन', 'murgh', 'murg', 'मुर्ग़', 'मुर्ग'],
  ['meat', 'मीट', 'gosht', 'गोश्त', 'mutton', 'मटन'],
  ['kitchen king', 'किचन किंग'],
  ['paneer', 'पनीर', 'panir'],
  ['powder', 'पाउडर', 'pisa', 'pissa', 'पिसा'],
];

/** Lower case, NFC, anything but letters, marks and digits as one space (Devanagari keeps its marks). */
export function normaliseText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

interface Spelling {
  words: string[];
  key: string;
}

// Longest spellings first, so 'kali mirch' is black pepper before 'mirch' is chilli.
const SPELLINGS: Spelling[] = SPICE_NAMES.flatMap((row) =>
  row.map((s) => ({ words: normaliseText(s).split(' '), key: normaliseText(row[0]!).replace(/ /g, '') })),
).sort((a, b) => b.words.length - a.words.length || b.words.join(' ').length - a.words.join(' ').length);

// Spellings by their first word, so finding them costs one lookup per word of the text.
const BY_FIRST_WORD = new Map<string, Spelling[]>();
for (const s of SPELLINGS) BY_FIRST_WORD.set(s.words[0]!, [...(BY_FIRST_WORD.get(s.words[0]!) ?? []), s]);

const FORMS_BY_KEY = new Map<string, string[]>();
for (const s of SPELLINGS) FORMS_BY_KEY.set(s.key, [...(FORMS_BY_KEY.get(s.key) ?? []), s.words.join(' ')]);

/** Every spelling of the row with this key. */
export const spellingsOf = (key: string): readonly string[] => FORMS_BY_KEY.get(key) ?? [];

export interface SpiceWord {
  /** Index of the first and one past the last word of `words` the spelling covers. */
  from: number;
  to: number;
  key: string;
}

/** The table's spellings found in a list of normalised words, longest first, never overlapping. */
export function findSpiceWords(words: readonly string[]): SpiceWord[] {
  const found: SpiceWord[] = [];
  let i = 0;
  while (i < words.length) {
    const hit = BY_FIRST_WORD.get(words[i]!)?.find((s) => s.words.every((w, k) => words[i + k] === w));
    if (hit) {
      found.push({ from: i, to: i + hit.words.length, key: hit.key });
      i += hit.words.length;
    } else i++;
  }
  return found;
}

/** Prefix of the tokens that stand for a row of the table in a canonical text. */
export const KEY_MARK = 'qq';

/**
 * The text with every known spelling replaced by its row's key (marked `qq<key>`), so 'dhaniya
 * powder', 'धनिया powder' and 'coriander powder' all read 'qqcoriander powder'.
 */
export function canonicalText(normalised: string): string {
  if (!normalised) return '';
  const words = normalised.split(' ');
  const out: string[] = [];
  let i = 0;
  for (const hit of findSpiceWords(words)) {
    out.push(...words.slice(i, hit.from), KEY_MARK + hit.key);
    i = hit.to;
  }
  out.push(...words.slice(i));
  return out.join(' ');
}

/** How many typing mistakes a word may have and still match: none up to 4 letters, 1 up to 7, else 2. */
export function maxEdits(word: string): number {
  const n = [...word].length;
  return n <= 4 ? 0 : n <= 7 ? 1 : 2;
}

/** Levenshtein distance, or `limit + 1` as soon as it is certainly above `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= y.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > limit) return limit + 1;
    prev = cur;
  }
  return prev[y.length]!;
}
