// Delivery: pincode lookups, serviceability, delivery estimates and the owner's delivery
// settings. Owns the pincodes and delivery_settings tables. The directory (19,000 rows that change
// only with a release) is read into memory once; the settings are a snapshot like the checkout's.
import { COD_MESSAGES, pincodeBlocked } from '@spice/shared/cod';
import type { UserDto } from '@spice/shared/contracts/accounts';
import type {
  AdminDeliverySettingsDto,
  DeliverySettingsEditInput,
  PincodeInfoDto,
  PincodeQuoteDto,
} from '@spice/shared/contracts/delivery';
import {
  DELIVERY_MESSAGES,
  type DeliveryRules,
  type DeliveryWindow,
  estimateDelivery,
  formatCutoff,
  isServiceable,
  parseCutoff,
  resolveZone,
} from '@spice/shared/delivery';
import { canonicalState, sameState } from '@spice/shared/states';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { InvalidationBus } from '../../lib/invalidation-bus.ts';
import { createSnapshot, dataGeneration } from '../../lib/snapshot.ts';
import { updateAtVersion } from '../../lib/versioned.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import type { CheckoutService } from '../checkout/service.ts';
import { type DirectoryLine, type DirectoryRow, splitLocalities } from './pincode-data.ts';
import { deliverySettings, pincodes } from './schema.ts';

/** What a shop that never saved delivery settings uses: no warehouse, so no local or state zone. */
export const DEFAULT_DELIVERY_RULES: DeliveryRules = {
  warehousePincode: '',
  cutoffMinutes: 14 * 60,
  holidays: [],
  zones: {
    local: { minDays: 1, maxDays: 2, cod: true },
    state: { minDays: 2, maxDays: 4, cod: true },
    metro: { minDays: 2, maxDays: 4, cod: true },
    national: { minDays: 4, maxDays: 7, cod: true },
    special: { minDays: 6, maxDays: 10, cod: false },
  },
  // Delhi, Mumbai, Kolkata, Chennai, Bengaluru, Hyderabad, Pune, Ahmedabad.
  metroPrefixes: ['110', '400', '700', '600', '560', '500', '411', '380'],
  specialStates: [
    'Arunachal Pradesh',
    'Assam',
    'Manipur',
    'Meghalaya',
    'Mizoram',
    'Nagaland',
    'Sikkim',
    'Tripura',
    'Jammu & Kashmir',
    'Ladakh',
    'Andaman & Nicobar Islands',
    'Lakshadweep',
  ],
  specialPrefixes: [],
  blocked: [],
};

type SettingsRow = typeof deliverySettings.$inferSelect;

/** The settings row's columns for these rules (the demo seed writes its rules through this). */
export const rulesToRow = (r: DeliveryRules) => ({
  warehousePincode: r.warehousePincode,
  cutoffMinutes: r.cutoffMinutes,
  holidays: [...r.holidays],
  zones: r.zones,
  metroPrefixes: [...r.metroPrefixes],
  specialStates: [...r.specialStates],
  specialPrefixes: [...r.specialPrefixes],
  blocked: [...r.blocked],
});

const toRules = (row: SettingsRow | undefined): DeliveryRules =>
  row
    ? {
        warehousePincode: row.warehousePincode,
        cutoffMinutes: row.cutoffMinutes,
        holidays: row.holidays,
        zones: row.zones,
        metroPrefixes: row.metroPrefixes,
        specialStates: row.specialStates,
        specialPrefixes: row.specialPrefixes,
        blocked: row.blocked,
      }
    : DEFAULT_DELIVERY_RULES;

const toAdminDto = (rules: DeliveryRules, version: number): AdminDeliverySettingsDto => ({
  warehousePincode: rules.warehousePincode,
  cutoff: formatCutoff(rules.cutoffMinutes),
  holidays: [...rules.holidays],
  zones: rules.zones,
  metroPrefixes: [...rules.metroPrefixes],
  specialStates: [...rules.specialStates],
  specialPrefixes: [...rules.specialPrefixes],
  blocked: [...rules.blocked],
  version,
});

async function readRow(executor: Pick<Db, 'select'>) {
  const [row] = await executor.select().from(deliverySettings).limit(1);
  return row;
}

/** Called inside the change's transaction (the back office writes its audit entry there). */
export type DeliveryChangeHook = (
  before: AdminDeliverySettingsDto,
  after: AdminDeliverySettingsDto,
  tx: Tx,
) => Promise<void>;

export type DeliveryService = ReturnType<typeof createDeliveryService>;

export function createDeliveryService(
  db: Db,
  deps: {
    checkout: Pick<CheckoutService, 'config'>;
    audit: AuditService;
    ttlMs: number;
    bus?: InvalidationBus;
  },
) {
  let directory: Promise<Map<string, DirectoryLine>> | null = null;
  function places() {
    // A pincode's localities stay one '|'-joined text until asked for: 155,000 names as 19,000
    // strings take a third of the memory (and the time to read) of 155,000 strings in arrays.
    directory ??= db
      .select({
        pincode: pincodes.pincode,
        city: pincodes.city,
        district: pincodes.district,
        state: pincodes.state,
        localities: sql<string>`array_to_string(${pincodes.localities}, '|')`,
      })
      .from(pincodes)
      .then((rows) => new Map(rows.map((r) => [r.pincode, r])));
    directory.catch(() => {
      directory = null;
    });
    return directory;
  }
  const rules = createSnapshot(async () => toRules(await readRow(db)), deps.ttlMs, {
    shared: deps.bus && { bus: deps.bus, topic: 'delivery-rules' },
  });

  /** What the shop offers at a known place, under the given rules, for an order placed `now`. */
  async function quote(place: DirectoryRow, r: DeliveryRules, now: Date): Promise<PincodeQuoteDto> {
    const base = { pincode: place.pincode, city: place.city, district: place.district, state: place.state };
    if (!isServiceable(r, place.pincode)) {
      return {
        ...base,
        serviceable: false,
        cod: false,
        codReason: DELIVERY_MESSAGES.notServiceable,
        estimatedDelivery: null,
      };
    }
    const warehouse = (await places()).get(r.warehousePincode) ?? null;
    const zone = r.zones[resolveZone(r, warehouse, place)];
    const codRules = (await deps.checkout.config()).cod;
    const codReason = !codRules.enabled
      ? COD_MESSAGES.off
      : !zone.cod || pincodeBlocked(codRules.blockedPincodes, place.pincode)
        ? COD_MESSAGES.pincode
        : null;
    return {
      ...base,
      serviceable: true,
      cod: codReason === null,
      codReason,
      estimatedDelivery: estimateDelivery(now, r, zone),
    };
  }

  async function known(pincode: string): Promise<DirectoryLine> {
    const place = (await places()).get(pincode);
    if (!place) {
      throw new AppError('notFound', DELIVERY_MESSAGES.unknownPincode, {
        pincode: DELIVERY_MESSAGES.unknownPincode,
      });
    }
    return place;
  }

  async function lookup(pincode: string, now = new Date()): Promise<PincodeInfoDto> {
    const place = await known(pincode);
    return { ...(await quote(place, await rules.get(), now)), localities: splitLocalities(place.localities) };
  }

  // Serialised answers for the public endpoint, kept until the minute (the estimate's resolution)
  // or any cached setting changes: a lookup under load is then one map read.
  const answers = new Map<string, string>();
  let answersKey = '';

  return {
    /** GET /api/pincodes/{pincode} (with the localities): 404 for six digits that are no Indian pincode. */
    lookup,

    /** The lookup as JSON text, served from memory within the minute. */
    async lookupJson(pincode: string, now = new Date()): Promise<string> {
      const key = `${Math.floor(now.getTime() / 60_000)}:${dataGeneration()}`;
      if (key !== answersKey) {
        answers.clear();
        answersKey = key;
      }
      const cached = answers.get(pincode);
      if (cached) return cached;
      const json = JSON.stringify(await lookup(pincode, now));
      answers.set(pincode, json);
      return json;
    },

    /** Each pincode's answer (null when unknown), for the checkout's addresses. */
    async lookupMany(pins: readonly string[], now = new Date()) {
      const [map, r] = await Promise.all([places(), rules.get()]);
      const out: Record<string, PincodeQuoteDto | null> = {};
      for (const pin of pins) {
        const place = map.get(pin);
        out[pin] = place ? await quote(place, r, now) : null;
      }
      return out;
    },

    /**
     * An address's pincode must exist and its state match what the shopper typed (400 with the
     * field); answers the input with the state in the shop's spelling.
     */
    async checkAddress<T extends { pincode: string; state: string }>(input: T): Promise<T> {
      const place = await known(input.pincode).catch(() => {
        throw new AppError('invalid', DELIVERY_MESSAGES.unknownPincode, {
          pincode: DELIVERY_MESSAGES.unknownPincode,
        });
      });
      if (!sameState(input.state, place.state)) {
        const message = DELIVERY_MESSAGES.stateMismatch(place.state);
        throw new AppError('invalid', message, { state: message });
      }
      return { ...input, state: canonicalState(input.state) ?? place.state };
    },

    /**
     * Refuses (400) an order to a pincode the shop does not deliver to; answers whether the
     * pincode's zone allows cash on delivery. From the rules snapshot: a change drops it on every
     * instance at once (the bus), and this is no money or stock decision.
     */
    async assertServiceable(
      pincode: string,
      now = new Date(),
    ): Promise<{ zoneCod: boolean; estimatedDelivery: DeliveryWindow }> {
      const r = await rules.get();
      const place = (await places()).get(pincode);
      if (!place || !isServiceable(r, pincode)) {
        throw new AppError('invalid', DELIVERY_MESSAGES.notServiceable, {
          pincode: DELIVERY_MESSAGES.notServiceable,
        });
      }
      const warehouse = (await places()).get(r.warehousePincode) ?? null;
      const zone = r.zones[resolveZone(r, warehouse, place)];
      // The window the order is promised, kept on it: the same rules the product page quoted.
      return { zoneCod: zone.cod, estimatedDelivery: estimateDelivery(now, r, zone) };
    },

    invalidate: () => rules.invalidate(),

    /** The settings with their version (0: never saved, the defaults shown), for the back office. */
    async adminSettings(): Promise<AdminDeliverySettingsDto> {
      const row = await readRow(db);
      return toAdminDto(toRules(row), row?.version ?? 0);
    },

    async updateSettings(admin: UserDto, input: DeliverySettingsEditInput) {
      if (!(await places()).has(input.warehousePincode)) {
        throw new AppError('invalid', DELIVERY_MESSAGES.unknownPincode, {
          warehousePincode: DELIVERY_MESSAGES.unknownPincode,
        });
      }
      const values = {
        warehousePincode: input.warehousePincode,
        cutoffMinutes: parseCutoff(input.cutoff)!,
        holidays: [...new Set(input.holidays)].sort(),
        zones: input.zones,
        metroPrefixes: [...new Set(input.metroPrefixes)],
        specialStates: [...new Set(input.specialStates)],
        specialPrefixes: [...new Set(input.specialPrefixes)],
        blocked: [...new Set(input.blocked)],
      };
      const after = await db.transaction(async (tx) => {
        const current = await tx
          .select()
          .from(deliverySettings)
          .where(eq(deliverySettings.id, 1))
          .for('update');
        const before = toAdminDto(toRules(current[0]), current[0]?.version ?? 0);
        // Never saved (version 0): the first save inserts the row.
        const key = eq(deliverySettings.id, 1);
        const row = await updateAtVersion(tx, deliverySettings, key, input.version, values, {
          insert: values,
        });
        const saved = toAdminDto(toRules(row), row.version);
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'delivery-settings.update',
            entity: 'delivery_settings',
            entityId: 1,
            before,
            after: saved,
          },
          tx,
        );
        return saved;
      });
      rules.invalidate();
      return after;
    },
  };
}
