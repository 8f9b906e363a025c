// An order as the e-commerce measurement tags describe a purchase (issue 38): GA4's `purchase`
// (items by SKU, tax, shipping, coupon) for the shopper's browser once they accepted the tags, and
// the same facts for Meta's Conversions API job. Read once per use; nothing here is stored.
import type { Attribution } from '@spice/shared/attribution';
import { toRupees } from '@spice/shared/money';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { variantSkuById } from '../catalog/line-facts.ts';
import type { CatalogService } from '../catalog/service.ts';
import { productTaxInfo } from '../catalog/tax.ts';
import { orders } from './schema.ts';

export const ITEM_CATEGORY = 'Spices & Masalas';

export interface PurchaseItem {
  item_id: string;
  item_name: string;
  item_variant: string;
  price: number;
  quantity: number;
  item_brand: string;
  item_category: string;
}

export interface PurchaseEvent {
  transaction_id: string;
  currency: 'INR';
  value: number;
  tax: number;
  shipping: number;
  coupon: string | undefined;
  payment_type: 'COD' | 'online';
  items: PurchaseItem[];
}

export interface PurchaseFacts {
  event: PurchaseEvent;
  userId: number;
  /** As stored: '+91…' and the e-mail the shopper gave. */
  mobile: string;
  email: string;
  createdAt: Date;
  attribution: Attribution | null;
}

type Line = {
  productId: number;
  productName: string;
  variant: string;
  sku: string | null;
  quantity: number;
  pricePaise: number;
};

export async function loadPurchaseFacts(
  db: Db,
  catalog: Pick<CatalogService, 'snapshot'>,
  orderNumber: string,
): Promise<PurchaseFacts | null> {
  const [row] = await db
    .select({
      order: orders,
      lines: sql<Line[]>`coalesce((
        select json_agg(json_build_object('productId', oi.product_id, 'productName', oi.product_name,
          'variant', oi.variant, 'sku', ${variantSkuById(sql`oi.variant_id`)}, 'quantity', oi.quantity,
          'pricePaise', oi.price_paise) order by oi.id)
        from order_items oi where oi.order_id = "orders"."id"), '[]'::json)`,
    })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  if (!row) return null;
  const { order: o, lines } = row;
  const [snapshot, taxes] = await Promise.all([
    catalog.snapshot(),
    productTaxInfo(db, [...new Set(lines.map((l) => l.productId))]),
  ]);
  // GST is inside the prices: a line's tax is rate / (100% + rate) of what was paid for it.
  const taxPaise = lines.reduce((sum, l) => {
    const rate = taxes.get(l.productId)?.gstRateBp ?? 0;
    return sum + Math.round((l.pricePaise * l.quantity * rate) / (10_000 + rate));
  }, 0);
  return {
    event: {
      transaction_id: o.orderNumber,
      currency: 'INR',
      value: toRupees(o.totalPaise),
      tax: toRupees(taxPaise),
      shipping: toRupees(o.deliveryPaise),
      coupon: o.couponCode ?? undefined,
      payment_type: o.paymentMode === 'COD' ? 'COD' : 'online',
      items: lines.map((l) => ({
        item_id: l.sku ?? `variant-${l.productId}`,
        item_name: l.productName,
        item_variant: l.variant,
        price: toRupees(l.pricePaise),
        quantity: l.quantity,
        item_brand: snapshot.byId.get(l.productId)?.brand || 'Kesar Chakki',
        item_category: ITEM_CATEGORY,
      })),
    },
    userId: o.userId,
    mobile: o.userMobile,
    email: o.userEmail,
    createdAt: o.createdAt,
    attribution: o.attribution,
  };
}
