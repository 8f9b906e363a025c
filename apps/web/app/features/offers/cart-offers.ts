// The cart's offers (issue 36): the cart's lines priced by the shared priceCart with the offers in
// force, as the server's quote prices them, for the page's nudges, gift line and Price Details.
import type { CartItemDto } from '@spice/shared/contracts/commerce';
import { rupeesToPaise as paise } from '@spice/shared/money';
import type { OfferRule } from '@spice/shared/offers';
import type { PricedLine } from '@spice/shared/price-cart';

/** The cart's lines in paise with the ids offers match on. */
export function offerLines(items: readonly CartItemDto[]): PricedLine[] {
  return items.map((i) => ({
    productId: i.productId,
    variantId: i.variantId,
    pricePaise: paise(i.price),
    mrpPaise: paise(i.mrp),
    quantity: i.quantity,
  }));
}

/** The offer that gave the gift, by its id. */
export function giftOffer(rules: readonly OfferRule[], offerId: number | undefined) {
  return rules.find((r) => r.id === offerId) ?? null;
}
