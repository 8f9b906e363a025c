// Bringing shoppers back (issue 37, decision 0041): abandoned-checkout reminders, back-in-stock
// alerts, the unsubscribe link and the owner's settings. Owns the tables in ./schema.ts; consents
// are the privacy module's (one record for every purpose), carts the cart module's, orders the
// orders module's: each is reached through that module's functions.
//
// The story: a scan every minute finds carts idle for `idleMinutes` with no order since, saves
// their lines and enqueues up to two reminder jobs on the durable queue. A reminder job checks the
// stop rules (ordered, emptied, opted out, switched off), waits out the quiet hours and the daily
// cap by enqueuing itself again, and only then mints the link's token (so no plaintext token sits
// in the jobs table), sends on the consented channels and records the send. The same scan marks
// a cart recovered when an order follows a reminder within 7 days, and tells back-in-stock
// subscribers in batches while stock lasts.
import type { UserDto } from '@spice/shared/contracts/accounts';
import {
  type AbandonedCartListDto,
  type BackInStockWaitingDto,
  DEMO_MARKETING_SETTINGS,
  MARKETING_CHANNELS,
  MARKETING_TEXTS,
  type MarketingChannel,
  type MarketingSettingsDto,
  type MarketingSettingsInputDto,
} from '@spice/shared/contracts/marketing';
import type {
  MessagePreferencesDto,
  MessagePreferencesInputDto,
  OrderMessagePreferencesDto,
} from '@spice/shared/contracts/message-preferences';
import { productImage } from '@spice/shared/images';
import { type Lang, localizePath } from '@spice/shared/lang';
import {
  backInStockBatchSize,
  inQuietHours,
  isAbandoned,
  marketingSendTime,
} from '@spice/shared/marketing-timing';
import { toRupees } from '@spice/shared/money';
import { maskMobile } from '@spice/shared/validators';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { linkTokenHash, newLinkToken } from '../../lib/link-token.ts';
import { updateAtVersion } from '../../lib/versioned.ts';
import { AppError } from '../../plugins/errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { AuditService } from '../admin/audit.ts';
import { ageCart, cartChanges, idleCarts, restoreLines } from '../cart/idle-carts.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Messenger, OutgoingMessage } from '../messaging/service.ts';
import { firstOrderBetween, markRecovered, orderFactsOf } from '../orders/marketing-facts.ts';
import type { PrivacyService } from '../privacy/service.ts';
import { backInStockSubject, backInStockText, reminderEmail, reminderShort } from './messages.ts';
import {
  abandonedCarts,
  backInStock,
  marketingSends,
  marketingSettings,
  recoveryLinks,
  type SavedLine,
  unsubscribeLinks,
} from './schema.ts';

export const MARKETING_SCAN_JOB = 'marketing-scan';
export const CART_REMINDER_JOB = 'cart-reminder';

const DAY_MS = 24 * 3_600_000;
/** A recovery link's life, the window an order counts as recovered in, and how often a cart may be chased. */
const SEVEN_DAYS_MS = 7 * DAY_MS;
/** A later back-in-stock batch waits this long after the one before (while stock remains). */
const BATCH_GAP_MS = 3_600_000;

export type MarketingService = ReturnType<typeof createMarketingService>;

type SettingsRow = typeof marketingSettings.$inferSelect;

const toSettings = (r: SettingsRow): MarketingSettingsDto => ({
  abandonedCart: {
    enabled: r.abandonedEnabled,
    idleMinutes: r.idleMinutes,
    delaysMinutes: r.delaysMinutes,
    couponCode: r.couponCode,
  },
  quietHours: r.quietFrom && r.quietTo ? { from: r.quietFrom, to: r.quietTo } : null,
  maxPerShopperPerDay: r.maxPerShopperPerDay,
  backInStockBatchFactor: r.backInStockBatchFactor,
  version: r.version,
});

const toColumns = (s: MarketingSettingsInputDto) => ({
  abandonedEnabled: s.abandonedCart.enabled,
  idleMinutes: s.abandonedCart.idleMinutes,
  delaysMinutes: s.abandonedCart.delaysMinutes,
  couponCode: s.abandonedCart.couponCode,
  quietFrom: s.quietHours?.from ?? null,
  quietTo: s.quietHours?.to ?? null,
  maxPerShopperPerDay: s.maxPerShopperPerDay,
  backInStockBatchFactor: s.backInStockBatchFactor,
});

export interface RecoveryResult {
  /** The lines put back, now in the shopper's cart. */
  restored: number;
}

export function createMarketingService(
  db: Db,
  deps: {
    catalog: CatalogService;
    privacy: Pick<PrivacyService, 'marketingChannels' | 'setMarketing' | 'consents'>;
    preferences: {
      get(userId: number): Promise<OrderMessagePreferencesDto>;
      set(
        user: { id: number; mobile: string },
        input: MessagePreferencesInputDto,
        now: Date,
        lang: Lang,
      ): Promise<OrderMessagePreferencesDto>;
    };
    accounts: Pick<AccountsService, 'findById' | 'findByMobile'>;
    messenger: Messenger;
    jobs: JobQueue;
    audit: AuditService;
    storeName: () => Promise<string>;
    publicUrl: string;
    demoMode: boolean;
    log: { warn(obj: object, msg: string): void };
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());
  const defaults: MarketingSettingsDto = {
    ...DEMO_MARKETING_SETTINGS,
    abandonedCart: { ...DEMO_MARKETING_SETTINGS.abandonedCart, enabled: deps.demoMode },
  };
  const url = (path: string, lang: Lang) => `${deps.publicUrl}${localizePath(path, lang)}`;

  async function settings(): Promise<MarketingSettingsDto> {
    const [row] = await db.select().from(marketingSettings).where(eq(marketingSettings.id, 1));
    return row ? toSettings(row) : defaults;
  }

  /** The shopper's marketing messages in the 24 hours before `at` (the daily cap). */
  async function recentSends(userId: number, at: Date): Promise<Date[]> {
    const rows = await db
      .select({ at: marketingSends.sentAt })
      .from(marketingSends)
      .where(
        and(eq(marketingSends.userId, userId), gte(marketingSends.sentAt, new Date(at.getTime() - DAY_MS))),
      );
    return rows.map((r) => r.at);
  }

  /** The channels a marketing message may use now: consented, and able to send. */
  async function channelsFor(user: UserDto): Promise<MarketingChannel[]> {
    const consent = await deps.privacy.marketingChannels(user.id);
    return MARKETING_CHANNELS.filter(
      (ch) => consent[ch] && deps.messenger.available(ch) && (ch !== 'email' || Boolean(user.email)),
    );
  }

  async function stop(cartId: number, reason: string) {
    await db
      .update(abandonedCarts)
      .set({ status: 'EXPIRED', stopReason: reason, updatedAt: now() })
      .where(and(eq(abandonedCarts.id, cartId), eq(abandonedCarts.status, 'OPEN')));
  }

  /** The saved lines at today's prices and stock, in the language asked. */
  async function priced(lines: readonly SavedLine[], lang: Lang) {
    const [view, snap] = await Promise.all([deps.catalog.view(lang), deps.catalog.snapshot()]);
    let totalPaise = 0;
    const shown = lines.flatMap((l) => {
      const product = view.byId.get(l.productId);
      const variant = product?.variants.find((v) => v.id === l.variantId);
      if (!product || !variant) return [];
      const soldOut = !product.active || variant.stock < 1;
      if (!soldOut) totalPaise += (snap.prices.get(l.variantId)?.pricePaise ?? 0) * l.quantity;
      const image = productImage(product);
      return [
        {
          name: product.name,
          weight: variant.weight,
          quantity: l.quantity,
          image: image.startsWith('http') ? image : `${deps.publicUrl}${image}`,
          soldOut,
        },
      ];
    });
    return { lines: shown, totalPaise };
  }

  /** Finds carts gone idle and starts their reminders (enqueued with the cart, one transaction). */
  async function findAbandoned(at: Date, s: MarketingSettingsDto) {
    const idleMs = s.abandonedCart.idleMinutes * 60_000;
    const candidates = await idleCarts(db, new Date(at.getTime() - idleMs));
    if (candidates.length === 0) return 0;
    const userIds = candidates.map((c) => c.userId);
    const [facts, recent] = await Promise.all([
      orderFactsOf(db, userIds),
      db
        .select({ userId: abandonedCarts.userId })
        .from(abandonedCarts)
        .where(
          and(
            inArray(abandonedCarts.userId, userIds),
            gte(abandonedCarts.abandonedAt, new Date(at.getTime() - SEVEN_DAYS_MS)),
          ),
        ),
    ]);
    const chased = new Set(recent.map((r) => r.userId));
    const snap = await deps.catalog.snapshot();
    let found = 0;
    for (const c of candidates) {
      // A cart is chased at most once in 7 days.
      if (chased.has(c.userId)) continue;
      const f = facts.get(c.userId);
      const checkoutAt = f?.lastCheckoutAt ?? null;
      const lastChangeAt =
        checkoutAt && checkoutAt.getTime() > c.lastChangeAt.getTime() ? checkoutAt : c.lastChangeAt;
      if (
        !isAbandoned({
          lastChangeAt,
          lastOrderAt: f?.lastOrderAt ?? null,
          now: at,
          idleMinutes: s.abandonedCart.idleMinutes,
        })
      )
        continue;
      const consent = await deps.privacy.marketingChannels(c.userId);
      // Nobody to remind without a consented channel: nothing is saved either.
      if (!MARKETING_CHANNELS.some((ch) => consent[ch])) continue;
      const history = await deps.privacy.consents(c.userId);
      const language = history.history.find((h) => h.purpose === 'marketing')?.language ?? 'en';
      const valuePaise = c.lines.reduce(
        (sum, l) => sum + (snap.prices.get(l.variantId)?.pricePaise ?? 0) * l.quantity,
        0,
      );
      const abandonedAt = new Date(lastChangeAt.getTime() + idleMs);
      await db.transaction(async (tx) => {
        const [cart] = await tx
          .insert(abandonedCarts)
          .values({
            userId: c.userId,
            lines: c.lines,
            valuePaise,
            lastChangeAt,
            abandonedAt,
            language,
            updatedAt: at,
          })
          .returning({ id: abandonedCarts.id });
        for (const [step, delay] of s.abandonedCart.delaysMinutes.entries())
          await deps.jobs.enqueue(tx, {
            name: CART_REMINDER_JOB,
            payload: { cartId: cart!.id, step },
            key: `${CART_REMINDER_JOB}:${cart!.id}:${step}`,
            runAt: new Date(abandonedAt.getTime() + delay * 60_000),
          });
      });
      found++;
    }
    return found;
  }

  /**
   * Open carts: recovered when an order followed a reminder within 7 days (the order is marked),
   * stopped when the shopper ordered before any reminder, timed out after 7 days.
   */
  async function settleCarts(at: Date) {
    const open = await db.select().from(abandonedCarts).where(eq(abandonedCarts.status, 'OPEN'));
    for (const cart of open) {
      if (cart.firstMessageAt) {
        const order = await firstOrderBetween(
          db,
          cart.userId,
          cart.firstMessageAt,
          new Date(cart.firstMessageAt.getTime() + SEVEN_DAYS_MS),
        );
        if (order) {
          const [won] = await db
            .update(abandonedCarts)
            .set({
              status: 'RECOVERED',
              recoveredOrderNumber: order.orderNumber,
              recoveredPaise: order.totalPaise,
              updatedAt: at,
            })
            .where(and(eq(abandonedCarts.id, cart.id), eq(abandonedCarts.status, 'OPEN')))
            .returning({ id: abandonedCarts.id });
          if (won) await markRecovered(db, order.orderNumber);
          continue;
        }
        if (at.getTime() - cart.firstMessageAt.getTime() > SEVEN_DAYS_MS) await stop(cart.id, 'timed-out');
        continue;
      }
      const facts = (await orderFactsOf(db, [cart.userId])).get(cart.userId);
      if (facts?.lastOrderAt && facts.lastOrderAt.getTime() >= cart.lastChangeAt.getTime())
        await stop(cart.id, 'ordered');
      else if (at.getTime() - cart.abandonedAt.getTime() > SEVEN_DAYS_MS) await stop(cart.id, 'timed-out');
    }
  }

  /** Tells waiting shoppers that a variant is back, oldest first, a batch of stock × factor at a time. */
  async function tellBackInStock(at: Date, s: MarketingSettingsDto) {
    if (inQuietHours(at, s.quietHours)) return 0;
    const waiting = await db
      .select({ variantId: backInStock.variantId, n: count() })
      .from(backInStock)
      .where(isNull(backInStock.notifiedAt))
      .groupBy(backInStock.variantId);
    if (waiting.length === 0) return 0;
    const snap = await deps.catalog.snapshot();
    let told = 0;
    for (const w of waiting) {
      const product = snap.all.find((p) => p.variants.some((v) => v.id === w.variantId));
      const variant = product?.variants.find((v) => v.id === w.variantId);
      if (!product?.active || !variant || variant.stock < 1) continue;
      const [last] = await db
        .select({ at: sql<Date | null>`max(${backInStock.notifiedAt})` })
        .from(backInStock)
        .where(eq(backInStock.variantId, w.variantId));
      const lastAt = last?.at ? new Date(last.at) : null;
      if (lastAt && at.getTime() - lastAt.getTime() < BATCH_GAP_MS) continue;
      const size = backInStockBatchSize(variant.stock, s.backInStockBatchFactor);
      const batch = await db
        .select()
        .from(backInStock)
        .where(and(eq(backInStock.variantId, w.variantId), isNull(backInStock.notifiedAt)))
        .orderBy(asc(backInStock.createdAt), asc(backInStock.id))
        .limit(size);
      const store = await deps.storeName();
      for (const sub of batch) {
        const user = await deps.accounts.findById(sub.userId);
        // Read before the transaction (the embedded database has one connection).
        const view = await deps.catalog.view(sub.language);
        await db.transaction(async (tx) => {
          const [mine] = await tx
            .update(backInStock)
            .set({ notifiedAt: at })
            .where(and(eq(backInStock.id, sub.id), isNull(backInStock.notifiedAt)))
            .returning({ id: backInStock.id });
          if (!mine || !user?.mobile) return;
          const p = view.byId.get(sub.productId);
          const v = p?.variants.find((x) => x.id === sub.variantId);
          const link = url(`/product/${product.slug}`, sub.language);
          const text = backInStockText(
            sub.language,
            store,
            p?.name ?? product.name,
            v?.weight ?? variant.weight,
            link,
          );
          const messages: OutgoingMessage[] = [{ channel: 'sms', to: user.mobile, text }];
          if (user.email)
            messages.push({
              channel: 'email',
              to: user.email,
              subject: backInStockSubject(sub.language, p?.name ?? product.name),
              text,
            });
          for (const m of messages) await deps.messenger.send(m, tx);
        });
        told++;
      }
    }
    return told;
  }

  /** One reminder: the stop rules, then the quiet hours and the cap, then the token, the send. */
  async function remind(cartId: number, step: number): Promise<void> {
    const at = now();
    const [cart] = await db.select().from(abandonedCarts).where(eq(abandonedCarts.id, cartId));
    if (!cart || cart.status !== 'OPEN' || cart.messagesSent > step) return;
    const s = await settings();
    if (!s.abandonedCart.enabled) return stop(cart.id, 'disabled');
    const facts = (await orderFactsOf(db, [cart.userId])).get(cart.userId);
    if (facts?.lastOrderAt && facts.lastOrderAt.getTime() >= cart.lastChangeAt.getTime()) {
      // Ordered: a reminder already sent makes it a recovery (the scan decides); none: stopped.
      if (cart.messagesSent === 0) await stop(cart.id, 'ordered');
      return;
    }
    const changes = await cartChanges(db, [cart.userId]);
    if (!changes.has(cart.userId)) return stop(cart.id, 'emptied');
    const user = await deps.accounts.findById(cart.userId);
    if (!user) return stop(cart.id, 'emptied');
    const channels = await channelsFor(user);
    if (channels.length === 0) return stop(cart.id, 'opted-out');
    // The first reminder goes before the second, whatever their delays.
    if (step > cart.messagesSent) {
      await deps.jobs.enqueue(db, {
        name: CART_REMINDER_JOB,
        payload: { cartId, step },
        key: `${CART_REMINDER_JOB}:${cartId}:${step}:after-${cart.messagesSent}:${at.getTime()}`,
        runAt: new Date(at.getTime() + 5 * 60_000),
      });
      return;
    }
    const goes = marketingSendTime(at, s, await recentSends(cart.userId, at));
    if (!goes) return stop(cart.id, 'capped');
    if (goes.getTime() > at.getTime()) {
      // Night, or the day's message already went: the same reminder, later (a job of its own).
      await deps.jobs.enqueue(db, {
        name: CART_REMINDER_JOB,
        payload: { cartId, step },
        key: `${CART_REMINDER_JOB}:${cartId}:${step}:at-${goes.getTime()}`,
        runAt: goes,
      });
      return;
    }
    const lang = cart.language;
    const { lines, totalPaise } = await priced(cart.lines, lang);
    const link = newLinkToken();
    const facts2 = {
      lang,
      storeName: await deps.storeName(),
      firstName: user.firstName,
      lines,
      totalPaise,
      link: url(`/cart/recover/${link.token}`, lang),
      couponCode: step === 1 ? s.abandonedCart.couponCode : null,
    };
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(abandonedCarts)
        .set({
          messagesSent: step + 1,
          firstMessageAt: cart.firstMessageAt ?? at,
          updatedAt: at,
        })
        .where(
          and(
            eq(abandonedCarts.id, cart.id),
            eq(abandonedCarts.messagesSent, step),
            eq(abandonedCarts.status, 'OPEN'),
          ),
        )
        .returning({ id: abandonedCarts.id });
      if (!claimed) return;
      await tx.insert(recoveryLinks).values({
        tokenHash: link.hash,
        cartId: cart.id,
        expiresAt: new Date(at.getTime() + SEVEN_DAYS_MS),
      });
      await tx.insert(marketingSends).values({
        userId: user.id,
        kind: 'abandoned-cart',
        channels: channels.join(','),
        sentAt: at,
      });
      for (const channel of channels) {
        if (channel === 'email') {
          const out = newLinkToken();
          await tx
            .insert(unsubscribeLinks)
            .values({ tokenHash: out.hash, userId: user.id, channel, createdAt: at });
          await deps.messenger.send(
            {
              channel,
              to: user.email!,
              ...reminderEmail(facts2, {
                pageUrl: url(`/unsubscribe/${out.token}`, lang),
                oneClickUrl: `${deps.publicUrl}/api/unsubscribe/${out.token}`,
              }),
            },
            tx,
          );
        } else await deps.messenger.send({ channel, to: user.mobile, text: reminderShort(facts2) }, tx);
      }
    });
  }

  /** The order-message choices with the marketing ones beside them. */
  async function preferences(userId: number): Promise<MessagePreferencesDto> {
    const [prefs, marketing] = await Promise.all([
      deps.preferences.get(userId),
      deps.privacy.marketingChannels(userId),
    ]);
    return { ...prefs, marketing };
  }

  async function scan(): Promise<{ found: number; told: number }> {
    const at = now();
    const s = await settings();
    const found = s.abandonedCart.enabled ? await findAbandoned(at, s) : 0;
    await settleCarts(at);
    const told = await tellBackInStock(at, s);
    return { found, told };
  }

  return {
    settings,
    preferences,

    async updateSettings(admin: UserDto, input: MarketingSettingsInputDto): Promise<MarketingSettingsDto> {
      // Read first: the embedded database has one connection, held by the transaction below.
      const before = await settings();
      return db.transaction(async (tx) => {
        const row = await updateAtVersion(
          tx,
          marketingSettings,
          eq(marketingSettings.id, 1),
          input.version,
          {
            ...toColumns(input),
            updatedAt: now(),
          },
          { insert: { id: 1, ...toColumns(input) } },
        );
        const after = toSettings(row);
        await deps.audit.audit(
          {
            actorUserId: admin.id,
            action: 'marketing-settings.update',
            entity: 'marketing_settings',
            entityId: 1,
            before,
            after,
          },
          tx,
        );
        return after;
      });
    },

    async setPreferences(user: UserDto, input: MessagePreferencesInputDto, lang: Lang) {
      await deps.preferences.set(user, { email: input.email, whatsapp: input.whatsapp }, now(), lang);
      if (input.marketing)
        await deps.privacy.setMarketing(user, input.marketing, { lang, source: 'profile' });
      return preferences(user.id);
    },

    /** A WhatsApp 'STOP': marketing on WhatsApp off too, recorded as a consent withdrawn. */
    async stopWhatsapp(user: { id: number; mobile: string }) {
      await deps.privacy.setMarketing(user, { whatsapp: false }, { lang: 'en', source: 'whatsapp-stop' });
    },

    /** The scan every minute: new abandoned carts, recovered or stopped ones, back-in-stock batches. */
    scan,

    remind,

    /**
     * The recovery link: signed in as the shopper it was sent to, the saved lines go back into the
     * cart (merged, never doubled); signed out, 401 naming the mobile to sign in with; another
     * shopper, 403. It never signs anyone in.
     */
    async recover(token: string, user: UserDto | null): Promise<RecoveryResult> {
      const hash = linkTokenHash(token);
      const at = now();
      const [row] = hash
        ? await db
            .select({ cart: abandonedCarts, expiresAt: recoveryLinks.expiresAt })
            .from(recoveryLinks)
            .innerJoin(abandonedCarts, eq(abandonedCarts.id, recoveryLinks.cartId))
            .where(eq(recoveryLinks.tokenHash, hash))
        : [];
      if (!row || row.expiresAt.getTime() <= at.getTime())
        throw new AppError('notFound', MARKETING_TEXTS.linkInvalid);
      if (!user) {
        const owner = await deps.accounts.findById(row.cart.userId);
        throw new AppError(
          'unauthorized',
          MARKETING_TEXTS.signInToRecover(`+91 ${maskMobile(owner?.mobile ?? '')}`),
        );
      }
      if (user.id !== row.cart.userId) throw new AppError('forbidden', MARKETING_TEXTS.otherAccount);
      await restoreLines(db, user.id, row.cart.lines, at);
      await db.update(recoveryLinks).set({ openedAt: at }).where(eq(recoveryLinks.tokenHash, hash!));
      return { restored: row.cart.lines.length };
    },

    /** The mobile a recovery link was sent to, masked, for the signed-out page; null when not valid. */
    async recoveryFor(token: string) {
      const hash = linkTokenHash(token);
      if (!hash) return null;
      const [row] = await db
        .select({ userId: abandonedCarts.userId, expiresAt: recoveryLinks.expiresAt })
        .from(recoveryLinks)
        .innerJoin(abandonedCarts, eq(abandonedCarts.id, recoveryLinks.cartId))
        .where(eq(recoveryLinks.tokenHash, hash));
      if (!row || row.expiresAt.getTime() <= now().getTime()) return null;
      const owner = await deps.accounts.findById(row.userId);
      return owner ? { userId: owner.id, mobile: owner.mobile } : null;
    },

    /** An unsubscribe link: that channel's marketing off, recorded; no sign-in. Repeats are harmless. */
    async unsubscribe(token: string): Promise<{ channel: MarketingChannel; unsubscribed: true }> {
      const hash = linkTokenHash(token);
      const [row] = hash
        ? await db.select().from(unsubscribeLinks).where(eq(unsubscribeLinks.tokenHash, hash))
        : [];
      if (!row) throw new AppError('notFound', MARKETING_TEXTS.linkInvalid);
      const user = await deps.accounts.findById(row.userId);
      if (user) {
        const lang = (await deps.privacy.consents(user.id)).history[0]?.language ?? 'en';
        await deps.privacy.setMarketing(user, { [row.channel]: false }, { lang, source: 'unsubscribe-link' });
      }
      await db
        .update(unsubscribeLinks)
        .set({ usedAt: now() })
        .where(eq(unsubscribeLinks.tokenHash, row.tokenHash));
      return { channel: row.channel, unsubscribed: true };
    },

    async subscribeBackInStock(user: UserDto, slug: string, variantId: number, lang: Lang) {
      const product = await deps.catalog.getBySlug(slug);
      const variant = product?.variants.find((v) => v.id === variantId);
      if (!product || !variant) throw new AppError('notFound', MARKETING_TEXTS.variantNotFound);
      if (variant.stock > 0) throw new AppError('conflict', MARKETING_TEXTS.inStock);
      await db
        .insert(backInStock)
        .values({ userId: user.id, productId: product.id, variantId, language: lang, createdAt: now() })
        .onConflictDoUpdate({
          target: [backInStock.userId, backInStock.variantId],
          // Told already (an earlier restock): waiting again, at the back of the queue.
          set: {
            notifiedAt: null,
            language: lang,
            createdAt: sql`case when ${backInStock.notifiedAt} is null then ${backInStock.createdAt} else excluded.created_at end`,
          },
        });
      return { variantId, subscribed: true as const };
    },

    async unsubscribeBackInStock(user: UserDto, slug: string, variantId: number) {
      const product = await deps.catalog.getBySlug(slug);
      if (!product?.variants.some((v) => v.id === variantId))
        throw new AppError('notFound', MARKETING_TEXTS.variantNotFound);
      await db
        .delete(backInStock)
        .where(
          and(
            eq(backInStock.userId, user.id),
            eq(backInStock.variantId, variantId),
            isNull(backInStock.notifiedAt),
          ),
        );
      return { variantId, subscribed: false };
    },

    /** The variants of a product the shopper waits for. */
    async backInStockOf(userId: number, productId: number): Promise<number[]> {
      const rows = await db
        .select({ variantId: backInStock.variantId })
        .from(backInStock)
        .where(
          and(
            eq(backInStock.userId, userId),
            eq(backInStock.productId, productId),
            isNull(backInStock.notifiedAt),
          ),
        );
      return rows.map((r) => r.variantId);
    },

    /** The back office: shoppers waiting per variant, most wanted first (sold out only when asked). */
    async waiting(
      options: { soldOutOnly?: boolean; productId?: number; limit?: number } = {},
    ): Promise<BackInStockWaitingDto> {
      const rows = await db
        .select({ variantId: backInStock.variantId, productId: backInStock.productId, n: count() })
        .from(backInStock)
        .where(
          and(
            isNull(backInStock.notifiedAt),
            options.productId ? eq(backInStock.productId, options.productId) : undefined,
          ),
        )
        .groupBy(backInStock.variantId, backInStock.productId)
        .orderBy(desc(count()));
      const view = await deps.catalog.view();
      const out = rows.flatMap((r) => {
        const p = view.byId.get(r.productId);
        const v = p?.variants.find((x) => x.id === r.variantId);
        if (!p || !v) return [];
        if (options.soldOutOnly && v.stock > 0) return [];
        return [
          {
            productId: p.id,
            productName: p.name,
            variantId: v.id,
            variant: v.weight,
            stock: v.stock,
            waiting: r.n,
          },
        ];
      });
      return options.limit ? out.slice(0, options.limit) : out;
    },

    /** Carts found abandoned between two IST dates (inclusive), newest first, with totals. */
    async abandonedCarts(query: {
      from?: string | undefined;
      to?: string | undefined;
    }): Promise<AbandonedCartListDto> {
      const from = query.from ? new Date(`${query.from}T00:00:00+05:30`) : undefined;
      const to = query.to ? new Date(new Date(`${query.to}T00:00:00+05:30`).getTime() + DAY_MS) : undefined;
      const rows = await db
        .select()
        .from(abandonedCarts)
        .where(
          and(
            from ? gte(abandonedCarts.abandonedAt, from) : undefined,
            to ? lt(abandonedCarts.abandonedAt, to) : undefined,
          ),
        )
        .orderBy(desc(abandonedCarts.abandonedAt), desc(abandonedCarts.id))
        .limit(500);
      const users = new Map<number, UserDto | null>();
      for (const id of new Set(rows.map((r) => r.userId))) users.set(id, await deps.accounts.findById(id));
      const carts = rows.map((r) => {
        const u = users.get(r.userId);
        return {
          id: r.id,
          shopper: { name: u ? `${u.firstName} ${u.lastName}`.trim() : '', mobile: u?.mobile ?? '' },
          abandonedAt: r.abandonedAt.toISOString(),
          items: r.lines.reduce((n, l) => n + l.quantity, 0),
          value: toRupees(r.valuePaise),
          messagesSent: r.messagesSent,
          status: r.status,
          orderNumber: r.recoveredOrderNumber,
          revenue: toRupees(r.recoveredPaise),
        };
      });
      const recovered = rows.filter((r) => r.status === 'RECOVERED');
      return {
        carts,
        totals: {
          carts: rows.length,
          messagesSent: rows.reduce((n, r) => n + r.messagesSent, 0),
          ordersRecovered: recovered.length,
          revenueRecovered: toRupees(recovered.reduce((n, r) => n + r.recoveredPaise, 0)),
        },
      };
    },

    /**
     * Demo only (POST /api/dev/marketing/clock): for one shopper, `minutes` pass: their cart, saved
     * carts, sends and links are dated that much earlier and their queued reminders come that
     * much sooner. Everyone else's time is untouched. Then the scan runs.
     */
    async timeTravel(userId: number, minutes: number) {
      if (!deps.demoMode) throw new AppError('notFound', 'Not found.');
      const ms = minutes * 60_000;
      const earlier = <T>(col: T) => sql`${col} - ${ms}::float8 * interval '1 millisecond'`;
      await ageCart(db, userId, ms);
      const carts = await db
        .update(abandonedCarts)
        .set({
          lastChangeAt: earlier(abandonedCarts.lastChangeAt),
          abandonedAt: earlier(abandonedCarts.abandonedAt),
          firstMessageAt: earlier(abandonedCarts.firstMessageAt),
        })
        .where(eq(abandonedCarts.userId, userId))
        .returning({ id: abandonedCarts.id });
      await db
        .update(marketingSends)
        .set({ sentAt: earlier(marketingSends.sentAt) })
        .where(eq(marketingSends.userId, userId));
      if (carts.length > 0)
        await db
          .update(recoveryLinks)
          .set({ expiresAt: earlier(recoveryLinks.expiresAt) })
          .where(
            inArray(
              recoveryLinks.cartId,
              carts.map((c) => c.id),
            ),
          );
      for (const c of carts)
        await deps.jobs.bringForward(CART_REMINDER_JOB, `${CART_REMINDER_JOB}:${c.id}:`, ms);
      return scan();
    },
  };
}
