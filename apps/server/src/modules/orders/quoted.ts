// What a new checkout takes from its quote, paid online (service.ts) or cash on delivery
// (cod-placement.ts): its coupon's use claimed in the checkout's transaction, and its priced columns.
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { CouponsService } from '../coupons/service.ts';
import type { Quote } from './service.ts';

/** Per-shopper limits are read again under the transaction; the total limit is claimed atomically. */
export async function claimQuotedCoupon(
  coupons: Pick<CouponsService, 'evaluate' | 'claimUse'>,
  quote: Quote,
  userId: number,
  tx: Tx,
): Promise<void> {
  if (!quote.coupon) return;
  await coupons.evaluate(quote.coupon.code, quote.subtotalPaise, userId, tx, { countPending: true });
  if (!(await coupons.claimUse(quote.coupon.id, tx))) {
    throw new AppError('invalid', 'This coupon has reached its usage limit.');
  }
}

/** The coupon and price columns (PRICE_COLUMNS) a checkout stores of its quote. */
export function quotedColumns(quote: Quote) {
  return {
    couponId: quote.coupon?.id ?? null,
    couponCode: quote.coupon?.code ?? null,
    mrpTotalPaise: quote.mrpTotalPaise,
    subtotalPaise: quote.subtotalPaise,
    couponDiscountPaise: quote.couponDiscountPaise,
    deliveryPaise: quote.deliveryPaise,
    platformFeePaise: quote.platformFeePaise,
    // Automatic offers (issue 36): every applied one by name (a free gift's at 0).
    offerDiscountPaise: quote.offerDiscountPaise,
    offers: quote.offers.map((o) => ({
      id: o.id,
      name: o.name,
      nameHi: o.nameHi,
      amountPaise: o.amountPaise,
    })),
  };
}
