// Checkout settings (platform fee) and shipping milestones. Owns the checkout tables.
import {
  type AdminCheckoutSettingsDto,
  CHANGED_MEANWHILE,
  type CheckoutSettingsEditInput,
} from '@spice/shared/contracts/admin';
import type { ShippingMilestoneDto } from '@spice/shared/contracts/content';
import { toPaise, toRupees } from '@spice/shared/money';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { createSnapshot } from '../../lib/snapshot.ts';
import { AppError } from '../../plugins/errors.ts';
import { checkoutSettings, shippingMilestones } from './schema.ts';

export interface CheckoutConfig {
  platformFeePaise: number;
  milestones: { id: number; minCartValuePaise: number; shippingChargePaise: number }[];
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** Called inside the change's transaction (the back office writes its audit entry there). */
export type CheckoutChangeHook = (
  before: AdminCheckoutSettingsDto,
  after: AdminCheckoutSettingsDto,
  tx: Tx,
) => Promise<void>;

async function readSettings(executor: Pick<Db, 'select'>): Promise<AdminCheckoutSettingsDto | null> {
  const [settings] = await executor.select().from(checkoutSettings).limit(1);
  if (!settings) return null;
  const milestones = await executor
    .select()
    .from(shippingMilestones)
    .orderBy(asc(shippingMilestones.minCartValuePaise));
  return {
    platformFee: toRupees(settings.platformFeePaise),
    milestones: milestones.map((m) => ({
      minCartValue: toRupees(m.minCartValuePaise),
      shippingCharge: toRupees(m.shippingChargePaise),
    })),
    version: settings.version,
  };
}

/** The fee and milestones as stored now (sequential reads: a transaction has one connection). */
async function readConfig(executor: Pick<Db, 'select'>): Promise<CheckoutConfig> {
  const settings = await executor.select().from(checkoutSettings).limit(1);
  const milestones = await executor
    .select()
    .from(shippingMilestones)
    .orderBy(asc(shippingMilestones.minCartValuePaise));
  return {
    platformFeePaise: settings[0]?.platformFeePaise ?? 0,
    milestones: milestones.map((m) => ({
      id: m.id,
      minCartValuePaise: m.minCartValuePaise,
      shippingChargePaise: m.shippingChargePaise,
    })),
  };
}

export function createCheckoutService(db: Db, options: { ttlMs: number }) {
  const snapshot = createSnapshot(() => readConfig(db), options.ttlMs);

  return {
    /** The cached fee and milestones, for pages; may lag another instance's change by the TTL. */
    config: () => snapshot.get(),
    /** The fee and milestones from the database, for pricing a payment (inside its transaction). */
    currentConfig: (executor: Pick<Db, 'select'> = db) => readConfig(executor),
    invalidate: () => snapshot.invalidate(),
    async settings(): Promise<{ platformFee: number }> {
      return { platformFee: toRupees((await snapshot.get()).platformFeePaise) };
    },
    /** The platform fee and shipping milestones with their one version, for the back office. */
    adminSettings: () => readSettings(db),

    /**
     * Saves the fee and the whole milestone list together, against the version the form loaded
     * (409 when changed meanwhile); the snapshot is dropped so the next quote uses the new values.
     */
    async updateSettings(
      input: CheckoutSettingsEditInput,
      onChange?: CheckoutChangeHook,
    ): Promise<AdminCheckoutSettingsDto> {
      const after = await db.transaction(async (tx) => {
        await tx.select().from(checkoutSettings).where(eq(checkoutSettings.id, 1)).for('update');
        const before = await readSettings(tx);
        if (!before) throw new AppError('notFound', 'Checkout settings not found.');
        const [row] = await tx
          .update(checkoutSettings)
          .set({
            platformFeePaise: toPaise(input.platformFee),
            version: sql`${checkoutSettings.version} + 1`,
          })
          .where(and(eq(checkoutSettings.id, 1), eq(checkoutSettings.version, input.version)))
          .returning();
        if (!row) throw new AppError('conflict', CHANGED_MEANWHILE);
        await tx.delete(shippingMilestones);
        await tx.insert(shippingMilestones).values(
          input.milestones.map((m) => ({
            minCartValuePaise: toPaise(m.minCartValue),
            shippingChargePaise: toPaise(m.shippingCharge),
          })),
        );
        const saved = (await readSettings(tx))!;
        await onChange?.(before, saved, tx);
        return saved;
      });
      snapshot.invalidate();
      return after;
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
