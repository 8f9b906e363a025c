// The offers module (issue 36, decision 0039): owns the offers table. The back office lists,
// creates, edits (at the version its form loaded: 409 when changed meanwhile) and deletes offers,
// each change audited in its transaction; the checkout reads the offers in force, with each free
// gift's variant and stock as the catalogue has them in the caller's transaction, never a cache.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { AdminOfferDto, OfferCreateInput, OfferUpdateInput } from '@spice/shared/contracts/offers';
import { productImage } from '@spice/shared/images';
import { rupeesToPaise as paise, toRupees } from '@spice/shared/money';
import { type OfferRule, offerInForce } from '@spice/shared/offers';
import { and, asc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { deleteAtVersion, deletedMeanwhile, updateAtVersion } from '../../lib/versioned.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AuditService } from '../admin/audit.ts';
import { existingProductIds, type GiftVariantFacts, giftVariantById } from '../catalog/line-facts.ts';
import { offers, type StoredOfferRules } from './schema.ts';

type OfferRow = typeof offers.$inferSelect;
type Executor = Pick<Db, 'select'>;

export const OFFER_NOT_FOUND = deletedMeanwhile('Offer');
export const NO_SUCH_PRODUCT = 'Choose products that exist in the catalogue.';
export const NO_SUCH_VARIANT = 'Choose a product variant that exists in the catalogue.';

/** The offers a page prices with, and each free gift's line as the page shows it (rupees). */
export interface ShopperOffers {
  rules: OfferRule[];
  gifts: Record<number, { productName: string; weight: string; slug: string; image: string; mrp: number }>;
}

/** An offer in force, as pricing reads it, with its gift's catalogue facts (null when none). */
export interface OfferInForce {
  rule: OfferRule;
  giftVariant: GiftVariantFacts | null;
}

/** The stored rules of the type the input names, in paise. */
function rulesOf(input: OfferCreateInput): StoredOfferRules {
  if (input.type === 'SPEND_THRESHOLD')
    return {
      tiers: (input.tiers ?? []).map((t) => ({
        minCartValuePaise: paise(t.minCartValue),
        type: t.type,
        value: t.type === 'FLAT' ? paise(t.value) : t.value,
        maxDiscountPaise: t.maxDiscount === null ? null : paise(t.maxDiscount),
      })),
    };
  if (input.type === 'BUY_X_GET_Y')
    return { buy: { ...input.buy!, productIds: [...new Set(input.buy!.productIds)] }, get: input.get! };
  return { gift: { variantId: input.gift!.variantId, minCartValuePaise: paise(input.gift!.minCartValue) } };
}

function columns(input: OfferCreateInput) {
  return {
    name: input.name,
    nameHi: input.nameHi ?? '',
    type: input.type,
    active: input.active,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    combinesWithCoupons: input.combinesWithCoupons,
    rules: rulesOf(input),
  };
}

/** What the back office reads of an offer, in rupees (audit entries show the same). */
function shown(o: OfferRow) {
  const r = o.rules;
  return {
    name: o.name,
    nameHi: o.nameHi,
    type: o.type,
    active: o.active,
    startsAt: o.startsAt?.toISOString() ?? null,
    endsAt: o.endsAt?.toISOString() ?? null,
    combinesWithCoupons: o.combinesWithCoupons,
    ...('tiers' in r
      ? {
          tiers: r.tiers.map((t) => ({
            minCartValue: toRupees(t.minCartValuePaise),
            type: t.type,
            value: t.type === 'FLAT' ? toRupees(t.value) : t.value,
            maxDiscount: t.maxDiscountPaise === null ? null : toRupees(t.maxDiscountPaise),
          })),
        }
      : {}),
    ...('buy' in r ? { buy: r.buy, get: r.get } : {}),
    ...('gift' in r
      ? { gift: { variantId: r.gift.variantId, minCartValue: toRupees(r.gift.minCartValuePaise) } }
      : {}),
  };
}

function toDto(o: OfferRow, now: Date): AdminOfferDto {
  return {
    id: o.id,
    ...shown(o),
    running: offerInForce(o, now),
    version: o.version,
    createdAt: o.createdAt.toISOString(),
  };
}

/** The pricing rule of a stored offer, given its gift's facts as read now. */
function ruleOf(o: OfferRow, giftVariant: GiftVariantFacts | null): OfferRule | null {
  const base = { id: o.id, name: o.name, nameHi: o.nameHi, combinesWithCoupons: o.combinesWithCoupons };
  const r = o.rules;
  if (o.type === 'SPEND_THRESHOLD' && 'tiers' in r) return { ...base, type: o.type, tiers: r.tiers };
  if (o.type === 'BUY_X_GET_Y' && 'buy' in r) return { ...base, type: o.type, buy: r.buy, get: r.get };
  if (o.type === 'FREE_GIFT' && 'gift' in r && giftVariant) {
    // A gift whose product is switched off is out of stock for the offer.
    const stock = giftVariant.active ? giftVariant.stock : 0;
    return {
      ...base,
      type: o.type,
      gift: {
        variantId: giftVariant.variantId,
        productId: giftVariant.productId,
        minCartValuePaise: r.gift.minCartValuePaise,
        pricePaise: giftVariant.pricePaise,
        mrpPaise: giftVariant.mrpPaise,
        stock,
      },
    };
  }
  return null;
}

// The offers in force at a time, with each gift's variant beside it: one statement.
const inForceQuery = (executor: Executor, now: Date) =>
  executor
    .select({
      offer: offers,
      giftVariant: sql<GiftVariantFacts | null>`case when ${offers.type} = 'FREE_GIFT' then ${giftVariantById(
        sql`(${offers.rules}->'gift'->>'variantId')::int`,
      )} end`,
    })
    .from(offers)
    .where(
      and(
        eq(offers.active, true),
        or(isNull(offers.startsAt), lte(offers.startsAt, now)),
        or(isNull(offers.endsAt), gte(offers.endsAt, now)),
      ),
    )
    .orderBy(asc(offers.id));

export type OffersService = ReturnType<typeof createOffersService>;

export function createOffersService(db: Db, deps: { audit: AuditService; now?: () => Date }) {
  const { audit } = deps;
  const clock = deps.now ?? (() => new Date());

  /** 400 with the field's error when the offer names a product or variant that is not there. */
  async function assertCatalogue(executor: Executor, input: OfferCreateInput) {
    if (input.type === 'BUY_X_GET_Y' && input.buy) {
      const found = await existingProductIds(executor, input.buy.productIds);
      if (input.buy.productIds.some((id) => !found.has(id)))
        throw new AppError('invalid', NO_SUCH_PRODUCT, { 'buy.productIds': NO_SUCH_PRODUCT });
    }
    if (input.type === 'FREE_GIFT' && input.gift) {
      const [row] = await executor
        .select({ v: giftVariantById(sql`${input.gift.variantId}::int`) })
        .from(sql`(select 1) as one`);
      if (!row?.v) throw new AppError('invalid', NO_SUCH_VARIANT, { 'gift.variantId': NO_SUCH_VARIANT });
    }
  }

  async function load(executor: Executor, id: number): Promise<OfferRow> {
    const [row] = await executor.select().from(offers).where(eq(offers.id, id));
    if (!row) throw new AppError('notFound', OFFER_NOT_FOUND);
    return row;
  }

  return {
    /** The offers in force now (active, within their dates), as pricing takes them; in the caller's transaction when given. */
    async inForce(executor: Executor | Tx = db, now: Date = clock()): Promise<OfferInForce[]> {
      const rows = await inForceQuery(executor, now);
      return rows.flatMap((r) => {
        const rule = ruleOf(r.offer, r.giftVariant);
        return rule ? [{ rule, giftVariant: r.giftVariant }] : [];
      });
    },

    /**
     * What the storefront's pages price with (product line, cart nudges and gift, checkout's
     * Price Details): the same rules as the server's quote, and each gift's line in the page's
     * language. The server prices again at placement.
     */
    async forShoppers(lang: 'en' | 'hi'): Promise<ShopperOffers> {
      const found = await this.inForce(db);
      const gifts: ShopperOffers['gifts'] = {};
      for (const { rule, giftVariant: v } of found) {
        if (rule.type !== 'FREE_GIFT' || !v) continue;
        gifts[rule.id] = {
          productName: (lang === 'hi' && v.productNameHi) || v.productName,
          weight: (lang === 'hi' && v.weightHi) || v.weight,
          slug: v.slug,
          image: productImage({ name: v.productName, image: v.image, imageUrl: v.imageUrl }),
          mrp: toRupees(v.mrpPaise),
        };
      }
      return { rules: found.map((o) => o.rule), gifts };
    },

    async list(): Promise<AdminOfferDto[]> {
      const rows = await db.select().from(offers).orderBy(asc(offers.id));
      const now = clock();
      return rows.map((o) => toDto(o, now));
    },

    async get(id: number): Promise<AdminOfferDto> {
      return toDto(await load(db, id), clock());
    },

    async create(admin: UserDto, input: OfferCreateInput): Promise<AdminOfferDto> {
      return db.transaction(async (tx) => {
        await assertCatalogue(tx, input);
        const [row] = await tx.insert(offers).values(columns(input)).returning();
        await audit.audit(
          {
            actorUserId: admin.id,
            action: 'offer.create',
            entity: 'offer',
            entityId: row!.id,
            before: null,
            after: shown(row!),
          },
          tx,
        );
        return toDto(row!, clock());
      });
    },

    async update(admin: UserDto, id: number, input: OfferUpdateInput): Promise<AdminOfferDto> {
      return db.transaction(async (tx) => {
        const before = await load(tx, id);
        await assertCatalogue(tx, input);
        const row = await updateAtVersion(
          tx,
          offers,
          eq(offers.id, id),
          input.version,
          { ...columns(input), updatedAt: new Date() },
          { notFound: OFFER_NOT_FOUND },
        );
        await audit.audit(
          {
            actorUserId: admin.id,
            action: 'offer.update',
            entity: 'offer',
            entityId: id,
            before: shown(before),
            after: shown(row),
          },
          tx,
        );
        return toDto(row, clock());
      });
    },

    async remove(admin: UserDto, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await deleteAtVersion(tx, offers, eq(offers.id, id), version, {
          notFound: OFFER_NOT_FOUND,
        });
        await audit.audit(
          {
            actorUserId: admin.id,
            action: 'offer.delete',
            entity: 'offer',
            entityId: id,
            before: shown(row),
            after: null,
          },
          tx,
        );
      });
    },
  };
}
