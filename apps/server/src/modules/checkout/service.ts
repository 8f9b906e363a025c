// Checkout settings (platform fee, COD rules, prepaid discount) and shipping milestones. Owns
// the checkout tables.

import type { CodRules, PrepaidDiscount } from '@spice/shared/cod';
import type { AdminCheckoutSettingsDto, CheckoutSettingsEditInput } from '@spice/shared/contracts/admin';
import type { ShippingMilestoneDto } from '@spice/shared/contracts/content';
import { DEFAULT_RTO_RISK_SETTINGS, type RtoRiskSettings } from '@spice/shared/rto-risk';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { createSnapshot } from '../../lib/snapshot.ts';
import { updateAtVersion } from '../../lib/versioned.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  codColumnsFromInput,
  codDto,
  milestoneFromInput,
  milestoneValuesDto,
  paiseFromInput,
  prepaidDto,
  prepaidFromInput,
  rupeesDto,
} from './dto.ts';
import { checkoutSettings, shippingMilestones } from './schema.ts';

export interface CheckoutConfig {
  platformFeePaise: number;
  cod: CodRules;
  /** `cod.confirmation` (issue 34). */
  codConfirmation: { required: boolean; withinHours: number };
  prepaidDiscount: PrepaidDiscount | null;
  milestones: { id: number; minCartValuePaise: number; shippingChargePaise: number }[];
  /** The RTO risk rules' settings (defaults when never saved: prepaid not required). */
  rtoRisk: RtoRiskSettings;
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/** Called inside the change's transaction (the back office writes its audit entry there). */
export type CheckoutChangeHook = (
  before: AdminCheckoutSettingsDto,
  after: AdminCheckoutSettingsDto,
  tx: Tx,
) => Promise<void>;

type SettingsRow = typeof checkoutSettings.$inferSelect;

const NO_COD: CodRules = {
  enabled: false,
  feePaise: 0,
  minOrderPaise: 0,
  maxOrderPaise: null,
  blockedPincodes: [],
  rtoLimit: 2,
};

function codRules(row: PricingSettings | undefined): CodRules {
  if (!row) return NO_COD;
  return {
    enabled: row.codEnabled,
    feePaise: row.codFeePaise,
    minOrderPaise: row.codMinOrderPaise,
    maxOrderPaise: row.codMaxOrderPaise,
    blockedPincodes: row.codBlockedPincodes,
    rtoLimit: row.codRtoLimit,
  };
}

async function readSettings(executor: Pick<Db, 'select'>): Promise<AdminCheckoutSettingsDto | null> {
  const [settings] = await executor.select().from(checkoutSettings).limit(1);
  if (!settings) return null;
  const milestones = await executor
    .select()
    .from(shippingMilestones)
    .orderBy(asc(shippingMilestones.minCartValuePaise));
  return {
    platformFee: rupeesDto(settings.platformFeePaise),
    milestones: milestones.map(milestoneValuesDto),
    cod: {
      ...codDto(codRules(settings)),
      blockedPincodes: settings.codBlockedPincodes,
      rtoLimit: settings.codRtoLimit,
      confirmation: {
        required: settings.codConfirmationRequired,
        withinHours: settings.codConfirmationHours,
      },
    },
    prepaidDiscount: prepaidDto(settings.prepaidDiscount),
    rtoRisk: { ...DEFAULT_RTO_RISK_SETTINGS, ...(settings.rtoRisk ?? {}) },
    version: settings.version,
  };
}

/** The settings a checkout prices and rules by, as checkoutConfigJson reads them. */
type PricingSettings = Omit<SettingsRow, 'id' | 'version'>;
interface StoredConfig {
  settings: PricingSettings | null;
  milestones: CheckoutConfig['milestones'];
}

/**
 * The fee, COD rules, prepaid discount and milestones as stored now, as one value: read by
 * readConfig, and by another module's statement as a column beside its own rows (a checkout's
 * transaction reads it with the cart). Null settings when the row was never seeded.
 */
export const checkoutConfigJson = sql<StoredConfig>`json_build_object(
  'settings', (select json_build_object('platformFeePaise', s.platform_fee_paise,
    'codEnabled', s.cod_enabled, 'codFeePaise', s.cod_fee_paise,
    'codMinOrderPaise', s.cod_min_order_paise, 'codMaxOrderPaise', s.cod_max_order_paise,
    'codBlockedPincodes', s.cod_blocked_pincodes, 'codRtoLimit', s.cod_rto_limit,
    'codConfirmationRequired', s.cod_confirmation_required,
    'codConfirmationHours', s.cod_confirmation_hours,
    'prepaidDiscount', s.prepaid_discount, 'rtoRisk', s.rto_risk) from checkout_settings s limit 1),
  'milestones', coalesce((select json_agg(json_build_object('id', m.id,
    'minCartValuePaise', m.min_cart_value_paise, 'shippingChargePaise', m.shipping_charge_paise)
    order by m.min_cart_value_paise, m.id) from shipping_milestones m), '[]'::json))`;

/** The config as checkoutConfigJson answered it. */
export function configFrom({ settings, milestones }: StoredConfig): CheckoutConfig {
  return {
    platformFeePaise: settings?.platformFeePaise ?? 0,
    cod: codRules(settings ?? undefined),
    codConfirmation: {
      required: settings?.codConfirmationRequired ?? false,
      withinHours: settings?.codConfirmationHours ?? 24,
    },
    prepaidDiscount: settings?.prepaidDiscount ?? null,
    milestones,
    rtoRisk: { ...DEFAULT_RTO_RISK_SETTINGS, ...(settings?.rtoRisk ?? {}) },
  };
}

/** The fee and milestones as stored now, in one statement (one row whatever is stored). */
const configRow = preparedStatement('checkout_config', (db) =>
  db.select({ config: checkoutConfigJson }).from(sql`(select 1) as one`),
);

async function readConfig(executor: Db | Tx): Promise<CheckoutConfig> {
  const [row] = await configRow(executor).execute();
  return configFrom(row!.config);
}

export function createCheckoutService(db: Db, options: { ttlMs: number; bus?: InvalidationBus }) {
  const snapshot = createSnapshot(() => readConfig(db), options.ttlMs, {
    shared: options.bus && { bus: options.bus, topic: 'checkout-config' },
  });

  return {
    /** The cached fee and milestones, for pages; may lag another instance's change by the TTL. */
    config: () => snapshot.get(),
    /** The fee and milestones from the database, for pricing a payment (inside its transaction). */
    currentConfig: (executor: Db | Tx = db) => readConfig(executor),
    invalidate: () => snapshot.invalidate(),
    async settings() {
      const config = await snapshot.get();
      return {
        platformFee: rupeesDto(config.platformFeePaise),
        cod: codDto(config.cod),
        prepaidDiscount: prepaidDto(config.prepaidDiscount),
      };
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
        await updateAtVersion(tx, checkoutSettings, eq(checkoutSettings.id, 1), input.version, {
          platformFeePaise: paiseFromInput(input.platformFee),
          ...(input.cod && codColumnsFromInput(input.cod)),
          ...(input.prepaidDiscount !== undefined && {
            prepaidDiscount: prepaidFromInput(input.prepaidDiscount),
          }),
          ...(input.rtoRisk && { rtoRisk: input.rtoRisk }),
        });
        await tx.delete(shippingMilestones);
        await tx.insert(shippingMilestones).values(input.milestones.map(milestoneFromInput));
        const saved = (await readSettings(tx))!;
        await onChange?.(before, saved, tx);
        return saved;
      });
      snapshot.invalidate();
      return after;
    },

    async milestones(): Promise<ShippingMilestoneDto[]> {
      return (await snapshot.get()).milestones.map((m) => ({ id: m.id, ...milestoneValuesDto(m) }));
    },
  };
}
