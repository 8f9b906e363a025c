// The demo's subscribe and save (issue 43): every demo product's every variant may be subscribed,
// 10% off, every 1, 2 or 3 months. Added beside the demo rows, never changing them; inserted with
// the demo, or once into a demo shop seeded before.
import { SUBSCRIPTION_FREQUENCIES } from '@spice/shared/subscriptions';
import type { Tx } from '../db/client.ts';
import { productVariants } from '../modules/catalog/schema.ts';
import { subscriptionPlans } from '../modules/subscriptions/schema.ts';

export const DEMO_SUBSCRIPTION_DISCOUNT_PERCENT = 10;

export async function insertDemoSubscriptionPlans(tx: Tx): Promise<void> {
  const variants = await tx.select({ id: productVariants.id }).from(productVariants);
  const rows = variants.flatMap((v) =>
    SUBSCRIPTION_FREQUENCIES.map((frequency) => ({
      variantId: v.id,
      frequency,
      discountPercent: DEMO_SUBSCRIPTION_DISCOUNT_PERCENT,
    })),
  );
  if (rows.length > 0) await tx.insert(subscriptionPlans).values(rows).onConflictDoNothing();
}
