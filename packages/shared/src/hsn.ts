// The HSN codes a spice shop sells under (Customs Tariff chapter 09, and the 21xx food
// preparations), each with its own description and the unit quantity code (UQC) GSTR-1's HSN
// summary reports it in (decision 0030). Descriptions are the tariff's, shortened to the 30
// characters the GST portal keeps.

export interface HsnEntry {
  description: string;
  /** The GST portal's unit quantity code: packets sold are counted as packs. */
  uqc: 'PAC';
}

const pack = (description: string): HsnEntry => ({ description, uqc: 'PAC' });

/** Code → entry; 4-digit headings, and the 6-digit subheadings the shop's products use. */
export const HSN_TABLE: Readonly<Record<string, HsnEntry>> = {
  '0901': pack('Coffee'),
  '0902': pack('Tea'),
  '0904': pack('Pepper; dried capsicum'),
  '090411': pack('Pepper, whole'),
  '090412': pack('Pepper, crushed or ground'),
  '090421': pack('Dried chillies, whole'),
  '090422': pack('Chillies, crushed or ground'),
  '0905': pack('Vanilla'),
  '0906': pack('Cinnamon'),
  '090611': pack('Cinnamon (Ceylon), whole'),
  '090619': pack('Cinnamon, other, whole'),
  '090620': pack('Cinnamon, crushed or ground'),
  '0907': pack('Cloves'),
  '090710': pack('Cloves, whole'),
  '090720': pack('Cloves, crushed or ground'),
  '0908': pack('Nutmeg, mace and cardamoms'),
  '090811': pack('Nutmeg, whole'),
  '090812': pack('Nutmeg, crushed or ground'),
  '090821': pack('Mace, whole'),
  '090822': pack('Mace, crushed or ground'),
  '090831': pack('Cardamoms, whole'),
  '090832': pack('Cardamoms, crushed or ground'),
  '0909': pack('Seeds of anise, cumin etc.'),
  '090921': pack('Coriander seeds, whole'),
  '090922': pack('Coriander, crushed or ground'),
  '090931': pack('Cumin seeds, whole'),
  '090932': pack('Cumin, crushed or ground'),
  '090961': pack('Fennel, anise etc., whole'),
  '090962': pack('Fennel, anise etc., ground'),
  '0910': pack('Ginger, turmeric, other spices'),
  '091011': pack('Ginger, whole'),
  '091012': pack('Ginger, crushed or ground'),
  '091020': pack('Saffron'),
  '091030': pack('Turmeric (curcuma)'),
  '091091': pack('Mixtures of spices'),
  '091099': pack('Other spices'),
  '2103': pack('Sauces, condiments, seasonings'),
  '210330': pack('Mustard flour and prepared'),
  '210390': pack('Mixed condiments, seasonings'),
  '2106': pack('Food preparations n.e.s.'),
  '210690': pack('Food preparations n.e.s.'),
};

/**
 * A code's entry: its own, else its subheading's or heading's (an 8-digit tariff item is
 * described by its 6- or 4-digit parent). Unknown codes keep the code as description, counted
 * in packs ('OTH' would lose the quantity).
 */
export function hsnEntry(code: string): HsnEntry {
  for (const length of [8, 6, 4]) {
    const entry = code.length >= length ? HSN_TABLE[code.slice(0, length)] : undefined;
    if (entry) return entry;
  }
  return pack(`HSN ${code}`);
}

/** The UQC as the portal's spreadsheets print it ('PAC-PACKS'); the JSON has the code alone. */
export const UQC_LABEL: Readonly<Record<HsnEntry['uqc'], string>> = { PAC: 'PAC-PACKS' };
