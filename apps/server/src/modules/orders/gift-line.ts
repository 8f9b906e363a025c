// A free gift's checkout line (issue 36): one unit at ₹0 of the variant the offer names, marked
// `gift`, after the shopper's lines. It takes stock like any line and leaves the cart untouched
// (the cart never holds it: placement takes out only what the shopper put in).
import { productImage } from '@spice/shared/images';
import type { CartPrice } from '@spice/shared/price-cart';
import type { OfferInForce } from '../offers/service.ts';
import type { CheckoutLine } from './schema.ts';

export function withGiftLine(
  lines: CheckoutLine[],
  price: Pick<CartPrice, 'gift'>,
  offers: readonly OfferInForce[],
): CheckoutLine[] {
  if (!price.gift) return lines;
  const facts = offers.find((o) => o.rule.id === price.gift!.offerId)?.giftVariant;
  if (!facts) return lines;
  return [
    ...lines,
    {
      productId: facts.productId,
      variantId: facts.variantId,
      productName: facts.productName,
      productNameHi: facts.productNameHi ?? '',
      slug: facts.slug,
      weight: facts.weight,
      weightHi: facts.weightHi ?? '',
      image: productImage({ name: facts.productName, image: facts.image, imageUrl: facts.imageUrl }),
      quantity: 1,
      pricePaise: 0,
      mrpPaise: facts.mrpPaise,
      gift: true,
    },
  ];
}

/** The lines the shopper put in the cart (a gift line is the offer's, not the cart's). */
export const boughtFromCart = <T extends { gift?: true | boolean }>(lines: readonly T[]) =>
  lines.filter((l) => !l.gift);
