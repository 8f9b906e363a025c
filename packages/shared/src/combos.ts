// Combos and gift boxes (issue 36, decision 0040): a variant made of other variants. Its stock is
// derived from its parts', its MRP is suggested from theirs, and its tax follows the CGST Act:
// goods at one rate are taxed at that rate; goods at several rates sold for one price are a mixed
// supply (section 2(74)) taxed at the highest rate among them (section 8(b)). Pure, integer paise,
// rates in basis points.

export const COMBO_MIN_PARTS = 2;
export const COMBO_MAX_PARTS = 12;
export const COMBO_MAX_QUANTITY = 99;

export const COMBO_PARTS_COUNT = `A combo has ${COMBO_MIN_PARTS} to ${COMBO_MAX_PARTS} parts.`;
export const COMBO_PART_REPEATED = 'A part is listed twice: raise its quantity instead.';
export const COMBO_PART_MISSING = 'This part does not exist.';
export const COMBO_IN_COMBO = 'A combo cannot contain another combo.';
export const COMBO_OWN_PART = 'A combo cannot contain a variant of its own product.';
export const COMBO_IS_PART = 'This variant is a part of a combo, so it cannot be a combo itself.';
export const COMBO_STOCK_DERIVED = "A combo's stock comes from its parts: adjust the parts' stock instead.";
export const comboPartInUseMessage = (weight: string) =>
  `The ${weight} variant is a part of a combo, so it stays. Remove it from the combo first.`;

/** One part of a combo: a variant and how many of it one combo holds. */
export interface ComboComponent {
  variantId: number;
  quantity: number;
}

/**
 * Combos available from the parts' stock: the fewest whole combos any part allows, ⌊stock ÷
 * quantity⌋ (a part gone counts as 0). No parts: 0 (not a combo to sell).
 */
export function comboStock(
  parts: readonly ComboComponent[],
  stockOf: (variantId: number) => number | undefined,
): number {
  if (parts.length === 0) return 0;
  let fewest = Number.POSITIVE_INFINITY;
  for (const p of parts) {
    const stock = Math.max(0, stockOf(p.variantId) ?? 0);
    fewest = Math.min(fewest, Math.floor(stock / p.quantity));
  }
  return fewest;
}

/**
 * The units of each variant a set of lines takes once combos are opened into their parts, with
 * lines of the same variant added together, in variant id order (the order rows are locked in).
 * Each answer names the first line that asked for it, a combo line before a plain one, so a short
 * part is reported as the line the shopper sees.
 */
export function partsTaken<L extends { variantId: number; quantity: number }>(
  lines: readonly L[],
  componentsOf: (variantId: number) => readonly ComboComponent[] | undefined,
): { variantId: number; quantity: number; line: L }[] {
  const taken = new Map<number, { variantId: number; quantity: number; line: L; viaCombo: boolean }>();
  const add = (variantId: number, quantity: number, line: L, viaCombo: boolean) => {
    const seen = taken.get(variantId);
    if (!seen) taken.set(variantId, { variantId, quantity, line, viaCombo });
    else {
      seen.quantity += quantity;
      if (viaCombo && !seen.viaCombo) Object.assign(seen, { line, viaCombo });
    }
  };
  for (const line of lines) {
    const parts = componentsOf(line.variantId);
    if (parts && parts.length > 0)
      for (const p of parts) add(p.variantId, p.quantity * line.quantity, line, true);
    else add(line.variantId, line.quantity, line, false);
  }
  return [...taken.values()]
    .sort((a, b) => a.variantId - b.variantId)
    .map(({ variantId, quantity, line }) => ({ variantId, quantity, line }));
}

/** A part as the MRP suggestion and the product page's saving read it. */
export interface PricedPart {
  quantity: number;
  pricePaise: number;
  mrpPaise: number;
}

/** The MRP the back office suggests: the sum of the parts' MRPs. */
export const suggestedComboMrp = (parts: readonly PricedPart[]) =>
  parts.reduce((sum, p) => sum + p.mrpPaise * p.quantity, 0);

/** What the parts cost bought one by one at today's prices. */
export const partsPrice = (parts: readonly PricedPart[]) =>
  parts.reduce((sum, p) => sum + p.pricePaise * p.quantity, 0);

/** The combo's saving against buying its parts at their prices (0 when it saves nothing). */
export const comboSaving = (comboPricePaise: number, parts: readonly PricedPart[]) =>
  Math.max(0, partsPrice(parts) - comboPricePaise);

/** A part as the invoice reads it: its classification, rate and value in the box. */
export interface TaxedPart {
  /** 'Garam Masala 50 g'. */
  description: string;
  hsn: string;
  rateBp: number;
  quantity: number;
  /** The part's own selling price per unit (its value inside the box is this × quantity). */
  pricePaise: number;
}

export interface ComboTax {
  /** The single rate of its parts, or the highest for a mixed supply (section 8(b)). */
  rateBp: number;
  /** The HSN of the part of the highest value (price × quantity; the first listed on a tie). */
  hsn: string;
  /** Whether the parts carry different rates (a mixed supply). */
  mixed: boolean;
}

/** The tax treatment of one combo (decision 0040). Throws on a combo without parts: a bug. */
export function comboTax(parts: readonly TaxedPart[]): ComboTax {
  const [first] = parts;
  if (!first) throw new RangeError('A combo has parts.');
  let rateBp = first.rateBp;
  let principal = first;
  for (const p of parts) {
    rateBp = Math.max(rateBp, p.rateBp);
    if (p.pricePaise * p.quantity > principal.pricePaise * principal.quantity) principal = p;
  }
  return { rateBp, hsn: principal.hsn, mixed: parts.some((p) => p.rateBp !== first.rateBp) };
}

/** The invoice line's name: the combo and what is in it ('… (contains: Garam Masala 50 g × 2, …)'). */
export function comboDescription(
  name: string,
  parts: readonly Pick<TaxedPart, 'description' | 'quantity'>[],
) {
  const contents = parts.map((p) => (p.quantity > 1 ? `${p.description} × ${p.quantity}` : p.description));
  return `${name} (contains: ${contents.join(', ')})`;
}
