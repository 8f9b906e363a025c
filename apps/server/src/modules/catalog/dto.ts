// The catalogue's API edge for money: variants hold paise (`price_paise`, `mrp_paise`); the
// contracts' `Rupees` fields (ProductDto, the back office's product pages) are filled here, and
// the back office's rupees come back as paise here.
import { toPaise, toRupees } from '@spice/shared/money';

/** A variant's price and MRP as the contracts give them. */
export function variantPricesDto(v: { pricePaise: number; mrpPaise: number }) {
  return { price: toRupees(v.pricePaise), mrp: toRupees(v.mrpPaise) };
}

/** The back office's typed price and MRP (validated: whole paise) as stored. */
export function variantPricesFromInput(v: { price: number; mrp: number }) {
  return { pricePaise: toPaise(v.price), mrpPaise: toPaise(v.mrp) };
}

/** The cheapest or dearest variant of a product list row, or null when it has none. */
export function priceBoundDto(paise: number | string | null): number | null {
  return paise === null ? null : toRupees(Number(paise));
}
