// Checkout settings (platform fee) and shipping milestones. Owns the checkout tables.
import type { ShippingMilestoneDto } from '@spice/shared/contracts/content';
import { toRupees } from '@spice/shared/money';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createSnapshot } from '../../lib/snapshot.ts';
import { checkoutSettings, shippingMilestones } from './schema.ts';

export interface CheckoutConfig {
  platformFeePaise: number;
  milestones: { id: number; minCartValuePaise: number; shippingChargePaise: number }[];
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

export function createCheckoutService(db: Db, options: { ttlMs: number }) {
  const snapshot = createSnapshot(async (): Promise<CheckoutConfig> => {
    const [settings, milestones] = await Promise.all([
      db.select().from(checkoutSettings).limit(1),
      db.select().from(shippingMilestones).orderBy(asc(shippingMilestones.minCartValuePaise)),
    ]);
    return {
      platformFeePaise: settings[0]?.platformFeePaise ?? 0,
      milestones: milestones.map((m) => ({
        id: m.id,
        minCartValuePaise: m.minCartValuePaise,
        shippingChargePaise: m.shippingChargePaise,
      })),
    };
  }, options.ttlMs);

  return {
    config: () => snapshot.get(),
    invalidate: () => snapshot.invalidate(),
    async settings(): Promise<{ platformFee: number }> {
      return { platformFee: toRupees((await snapshot.get()).platformFeePaise) };
    },
    async milestones(): Promise<ShippingMilestoneDto[]> {
      return (await snapshot.get()).milestones.map((m) => ({
        id: m.id,
        minCartValue: toRupees(m.minCartValuePaise),
        shippingCharge: toRupees(m.shippingChargePaise),
      }));
    },
  };
}
