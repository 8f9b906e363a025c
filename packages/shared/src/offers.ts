// Automatic offers (issue 36, decision 0039): which offers a cart earns and what each takes off,
// in paise. priceCart (price-cart.ts) calls it for the page and the server alike; the coupon
// against offers choice is made there, with the coupon's discount beside these figures.
import { percentDiscountPaise } from './coupons.ts';
import { shareInProportion } from './gst.ts';

export const OFFER_TYPES = ['SPEND_THRESHOLD', 'BUY_X_GET_Y', 'FREE_GIFT'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

export interface SpendTier {
  minCartValuePaise: number;
  type: 'PERCENT' | 'FLAT';
  /** A whole percent (1–90) for PERCENT; paise for FLAT. */
  value: number;
  maxDiscountPaise: number | null;
}

/** The gift variant as the catalogue has it now: what the gift line shows and whether it can go. */
export interface GiftVariant {
  variantId: number;
  productId: number;
  minCartValuePaise: number;
  /** Its selling price, for the back office (the gift itself goes at ₹0). */
  pricePaise: number;
  mrpPaise: number;
  /** Units sellable now: the gift goes only while one is left beyond what the cart buys of it. */
  stock: number;
}

interface OfferBase {
  id: number;
  name: string;
  nameHi: string;
  combinesWithCoupons: boolean;
}

export type OfferRule = OfferBase &
  (
    | { type: 'SPEND_THRESHOLD'; tiers: readonly SpendTier[] }
    | {
        type: 'BUY_X_GET_Y';
        buy: { productIds: readonly number[]; quantity: number };
        get: { quantity: number; percentOff: number };
      }
    | { type: 'FREE_GIFT'; gift: GiftVariant }
  );

/** What the offer rules read of a cart line. */
export interface OfferLine {
  productId?: number | undefined;
  variantId?: number | undefined;
  pricePaise: number;
  quantity: number;
}

export interface AppliedOffer {
  id: number;
  name: string;
  nameHi: string;
  type: OfferType;
  combinesWithCoupons: boolean;
  /** Money off the goods (0 for a free gift: its saving is the gift itself). */
  amountPaise: number;
}

export type OfferNudge =
  | {
      kind: 'SPEND_THRESHOLD';
      offerId: number;
      amountToGoPaise: number;
      tier: Pick<SpendTier, 'type' | 'value'>;
    }
  | { kind: 'FREE_GIFT'; offerId: number; amountToGoPaise: number; name: string; nameHi: string };

export interface OffersResult {
  applied: AppliedOffer[];
  /** Per input line: what the offers take off it (buy-x-get-y on its units, spend tiers shared). */
  lineDiscountsPaise: number[];
  offerDiscountPaise: number;
  gift: (GiftVariant & { offerId: number }) | null;
}

/** Whether an offer runs now: active, and `now` within its dates (either may be open). */
export function offerInForce(
  offer: { active: boolean; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): boolean {
  if (!offer.active) return false;
  if (offer.startsAt && now < offer.startsAt) return false;
  if (offer.endsAt && now > offer.endsAt) return false;
  return true;
}

/** The discount of one spend tier on a subtotal (percent in whole rupees, like coupons). */
export function tierDiscountPaise(tier: SpendTier, subtotalPaise: number): number {
  const raw =
    tier.type === 'FLAT' ? tier.value : percentDiscountPaise(subtotalPaise, Math.round(tier.value * 100));
  const capped = tier.maxDiscountPaise === null ? raw : Math.min(raw, tier.maxDiscountPaise);
  return Math.max(0, Math.min(capped, subtotalPaise));
}

/**
 * The highest tier the subtotal reaches, never less than a lower tier reached would give (a
 * capped higher tier): a bigger basket never loses its discount.
 */
export function spendDiscountPaise(tiers: readonly SpendTier[], subtotalPaise: number): number {
  let best = 0;
  for (const t of tiers) {
    if (t.minCartValuePaise <= subtotalPaise) best = Math.max(best, tierDiscountPaise(t, subtotalPaise));
  }
  return best;
}

/**
 * Every unit of the eligible lines, dearest first; in each complete group of buy + get units the
 * `get` cheapest are `percentOff` off. Units in a complete group are counted (used up); the rest
 * stay free for another offer.
 */
function buyXGetY(
  offer: Extract<OfferRule, { type: 'BUY_X_GET_Y' }>,
  lines: readonly OfferLine[],
  used: number[],
): { discounts: number[]; amount: number } {
  const eligible = new Set(offer.buy.productIds);
  const units: { line: number; price: number }[] = [];
  lines.forEach((l, i) => {
    if (l.productId === undefined || !eligible.has(l.productId)) return;
    for (let u = used[i] ?? 0; u < l.quantity; u++) units.push({ line: i, price: l.pricePaise });
  });
  units.sort((a, b) => b.price - a.price || a.line - b.line);
  const group = offer.buy.quantity + offer.get.quantity;
  const discounts = lines.map(() => 0);
  const full = Math.floor(units.length / group) * group;
  let amount = 0;
  for (let g = 0; g < full; g += group) {
    for (let k = g; k < g + group; k++) {
      const unit = units[k]!;
      used[unit.line] = (used[unit.line] ?? 0) + 1;
      if (k >= g + offer.buy.quantity) {
        const off = Math.round((unit.price * offer.get.percentOff) / 100);
        discounts[unit.line] = (discounts[unit.line] ?? 0) + off;
        amount += off;
      }
    }
  }
  return { discounts, amount };
}

/**
 * Which offers the cart earns: any number of buy-x-get-y (each unit counted by one at most, in
 * the offers' order), then the one spend threshold that takes most off what is left, and the
 * first free gift the subtotal reaches while it is in stock. Spend tiers and gifts read the
 * subtotal before any discount.
 */
export function applyOffers(lines: readonly OfferLine[], offers: readonly OfferRule[]): OffersResult {
  const subtotal = lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
  const applied: AppliedOffer[] = [];
  const lineDiscounts = lines.map(() => 0);
  const used = lines.map(() => 0);
  const base = (o: OfferRule, amountPaise: number): AppliedOffer => ({
    id: o.id,
    name: o.name,
    nameHi: o.nameHi,
    type: o.type,
    combinesWithCoupons: o.combinesWithCoupons,
    amountPaise,
  });
  for (const o of offers) {
    if (o.type !== 'BUY_X_GET_Y') continue;
    const r = buyXGetY(o, lines, used);
    if (r.amount <= 0) continue;
    r.discounts.forEach((d, i) => {
      lineDiscounts[i] = (lineDiscounts[i] ?? 0) + d;
    });
    applied.push(base(o, r.amount));
  }
  const left = lines.map((l, i) => l.pricePaise * l.quantity - (lineDiscounts[i] ?? 0));
  const leftTotal = left.reduce((a, b) => a + b, 0);
  let spend: { offer: OfferRule; amount: number } | null = null;
  for (const o of offers) {
    if (o.type !== 'SPEND_THRESHOLD') continue;
    const amount = Math.min(spendDiscountPaise(o.tiers, subtotal), leftTotal);
    if (amount > 0 && (!spend || amount > spend.amount)) spend = { offer: o, amount };
  }
  if (spend) {
    shareInProportion(spend.amount, left).forEach((s, i) => {
      lineDiscounts[i] = (lineDiscounts[i] ?? 0) + s;
    });
    applied.push(base(spend.offer, spend.amount));
  }
  let gift: OffersResult['gift'] = null;
  for (const o of offers) {
    if (o.type !== 'FREE_GIFT' || !giftInStock(o.gift, lines) || subtotal <= 0) continue;
    if (subtotal < o.gift.minCartValuePaise) continue;
    gift = { ...o.gift, offerId: o.id };
    applied.push(base(o, 0));
    break;
  }
  const offerDiscountPaise = applied.reduce((s, a) => s + a.amountPaise, 0);
  return {
    applied,
    lineDiscountsPaise: lineDiscounts,
    offerDiscountPaise,
    gift,
  };
}

/** Whether a unit of the gift is left beyond what the cart buys of its variant. */
export function giftInStock(gift: GiftVariant, lines: readonly OfferLine[]): boolean {
  const bought = lines.reduce((n, l) => n + (l.variantId === gift.variantId ? l.quantity : 0), 0);
  return gift.stock - bought >= 1;
}

/**
 * 'Add ₹212 more to get 10% off' and 'Add ₹X more to get a free …': the nearest spend tier above
 * the subtotal (one that takes more off than the tier reached) and the nearest gift not yet earned.
 */
export function offerNudges(lines: readonly OfferLine[], offers: readonly OfferRule[]): OfferNudge[] {
  const subtotalPaise = lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
  const nudges: OfferNudge[] = [];
  let spend: Extract<OfferNudge, { kind: 'SPEND_THRESHOLD' }> | null = null;
  for (const o of offers) {
    if (o.type !== 'SPEND_THRESHOLD') continue;
    const nowOff = spendDiscountPaise(o.tiers, subtotalPaise);
    for (const t of o.tiers) {
      if (t.minCartValuePaise <= subtotalPaise) continue;
      if (tierDiscountPaise(t, t.minCartValuePaise) <= nowOff) continue;
      const toGo = t.minCartValuePaise - subtotalPaise;
      if (!spend || toGo < spend.amountToGoPaise)
        spend = {
          kind: 'SPEND_THRESHOLD',
          offerId: o.id,
          amountToGoPaise: toGo,
          tier: { type: t.type, value: t.value },
        };
    }
  }
  if (spend) nudges.push(spend);
  const earned = offers.some(
    (o) => o.type === 'FREE_GIFT' && giftInStock(o.gift, lines) && subtotalPaise >= o.gift.minCartValuePaise,
  );
  if (!earned) {
    let gift: Extract<OfferNudge, { kind: 'FREE_GIFT' }> | null = null;
    for (const o of offers) {
      if (o.type !== 'FREE_GIFT' || !giftInStock(o.gift, lines)) continue;
      const toGo = o.gift.minCartValuePaise - subtotalPaise;
      if (toGo > 0 && (!gift || toGo < gift.amountToGoPaise))
        gift = { kind: 'FREE_GIFT', offerId: o.id, amountToGoPaise: toGo, name: o.name, nameHi: o.nameHi };
    }
    if (gift) nudges.push(gift);
  }
  return nudges;
}

/** The product page's line: the buy-x-get-y offers that count this product ('Buy 2, get 1 free'). */
export function offersForProduct(productId: number, offers: readonly OfferRule[]) {
  return offers.flatMap((o) =>
    o.type === 'BUY_X_GET_Y' && o.buy.productIds.includes(productId)
      ? [{ id: o.id, buy: o.buy.quantity, get: o.get.quantity, percentOff: o.get.percentOff }]
      : [],
  );
}
