// The orders module's API edge for money: its services hold paise (`…Paise`), and these mappers
// give the contracts' `Rupees` fields (and the audit entries the back office reads) in rupees.
// Field order follows the contracts: the storefront hands these objects to its pages as they are.
import type { PayNowOffer } from '@spice/shared/cod';
import type { OrderDetailDto } from '@spice/shared/contracts/commerce';
import { toRupees } from '@spice/shared/money';

/** An order's money as stored (paise). */
export interface OrderMoney {
  mrpTotalPaise: number;
  subtotalPaise: number;
  couponCode: string | null;
  couponDiscountPaise: number;
  deliveryPaise: number;
  platformFeePaise: number;
  codFeePaise: number;
  prepaidDiscountPaise: number;
  totalPaise: number;
  /** Automatic offers (issue 36); absent where a caller has none to show. */
  offerDiscountPaise?: number;
  offers?: { name: string; nameHi: string; amountPaise: number }[];
}

/** An order line's price and MRP at checkout. */
export function linePricesDto(line: { pricePaise: number; mrpPaise: number }) {
  return { price: toRupees(line.pricePaise), mrp: toRupees(line.mrpPaise) };
}

export function linePriceDto(line: { pricePaise: number }) {
  return toRupees(line.pricePaise);
}

/** A list row: its total in rupees and its time as ISO text, in place of the stored ones. */
export function orderRowDto<T extends { totalPaise: number; createdAt: Date }>({
  totalPaise,
  createdAt,
  ...row
}: T) {
  return { ...row, totalAmount: toRupees(totalPaise), createdAt: createdAt.toISOString() };
}

/** What a settled payment answers: the order's number and total. */
export function placedOrderDto(order: { orderNumber: string; totalPaise: number }) {
  return { orderNumber: order.orderNumber, totalAmount: toRupees(order.totalPaise) };
}

export function totalAmountDto(order: { totalPaise: number }) {
  return toRupees(order.totalPaise);
}

/** The shopper's Price Details of a placed order. */
export function priceDetailsDto(o: OrderMoney): OrderDetailDto['priceDetails'] {
  return {
    totalMrp: toRupees(o.mrpTotalPaise),
    discount: toRupees(o.mrpTotalPaise - o.subtotalPaise),
    appliedCouponCode: o.couponCode,
    couponDiscount: toRupees(o.couponDiscountPaise),
    subtotal: toRupees(o.subtotalPaise),
    deliveryCharges: toRupees(o.deliveryPaise),
    platformFee: toRupees(o.platformFeePaise),
    codFee: toRupees(o.codFeePaise),
    prepaidDiscount: toRupees(o.prepaidDiscountPaise),
    offerDiscount: toRupees(o.offerDiscountPaise ?? 0),
    offers: (o.offers ?? []).map((x) => ({
      name: x.name,
      nameHi: x.nameHi,
      amount: toRupees(x.amountPaise),
    })),
    finalAmount: toRupees(o.totalPaise),
  };
}

/** The back office's totals of one order. */
export function adminTotalsDto(o: OrderMoney) {
  return {
    totalMrp: toRupees(o.mrpTotalPaise),
    subtotal: toRupees(o.subtotalPaise),
    couponCode: o.couponCode,
    couponDiscount: toRupees(o.couponDiscountPaise),
    delivery: toRupees(o.deliveryPaise),
    platformFee: toRupees(o.platformFeePaise),
    codFee: toRupees(o.codFeePaise),
    prepaidDiscount: toRupees(o.prepaidDiscountPaise),
    total: toRupees(o.totalPaise),
  };
}

export function payNowDto(offer: PayNowOffer) {
  return {
    amount: toRupees(offer.totalPaise),
    saving: toRupees(offer.savingPaise),
    codFeeWaived: toRupees(offer.codFeeWaivedPaise),
    prepaidDiscount: toRupees(offer.prepaidDiscountPaise),
  };
}

/** An amount in an audit entry or a COD remittance row (rupees, as the back office reads them). */
export function amountDto(paise: number) {
  return toRupees(paise);
}

/** A credit note as the order pages list it (rupees, ISO time). */
export function creditNoteDto(note: { number: string; amountPaise: number; issuedAt: Date }) {
  return { number: note.number, amount: toRupees(note.amountPaise), issuedAt: note.issuedAt.toISOString() };
}
