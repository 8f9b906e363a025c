// The owner's alerts (issue 41, decision 0050). Owns each staff member's alert preference, the
// low-stock episodes and the scan's cursor. A scan (a schedule, each minute) reads what happened
// since the last one through the other modules' services (orders placed, payments waiting for a
// refund, refunds failed, jobs gone dead, grievances near a deadline, variants fallen below their
// reorder level, the 09:00 IST summary) and enqueues one 'owner-alert' job per alert, recipient
// and channel, keyed so each is enqueued once, timed by the rules (digest windows, WhatsApp quiet
// hours). The job renders the alert in the recipient's language when it runs and sends it through
// the Messenger. Who gets alerts is decided in one place: `alertRecipients`.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { AlertPreferenceDto, AlertPreferenceInputDto } from '@spice/shared/contracts/owner-alerts';
import type { Lang } from '@spice/shared/lang';
import type { QuietHours } from '@spice/shared/marketing-timing';
import {
  ALERT_CHANNELS,
  type AlertChannel,
  type AlertKind,
  type AlertPreference,
  alertSendTime,
  DEFAULT_ALERT_PREFERENCE,
  dailySummaryAt,
  dailySummaryDue,
  GRIEVANCE_WARN_MS,
  grievanceNearDeadline,
  lowStockChanges,
  newOrderPlan,
  scanSpan,
  wantsAlert,
} from '@spice/shared/owner-alerts';
import { can } from '@spice/shared/staff';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { Config } from '../../plugins/config.ts';
import type { JobQueue, NewJob } from '../jobs/queue.ts';
import type { Messenger, OutgoingMessage } from '../messaging/service.ts';
import { type AlertFacts, type AlertOrder, kindOf, type LowVariant, renderAlert } from './messages.ts';
import { alertLowStock, alertPreferences, alertScans } from './schema.ts';

export const OWNER_ALERTS_SCAN_JOB = 'owner-alerts-scan';
export const OWNER_ALERT_JOB = 'owner-alert';

const SCAN = 'owner-alerts';
/** A WhatsApp template parameter's longest text we send (the Cloud API refuses long ones). */
const WHATSAPP_PARAM_MAX = 1000;
const DAILY = 'daily-summary';

export interface Recipient {
  userId: number;
  name: string;
  mobile: string;
  email: string;
  language: Lang;
  preference: AlertPreference;
}

export interface AlertsDeps {
  jobs: Pick<JobQueue, 'enqueue' | 'deadBetween'>;
  messenger: Pick<Messenger, 'send' | 'available' | 'provider'>;
  config: Pick<
    Config,
    | 'PUBLIC_URL'
    | 'WHATSAPP_TEMPLATE_STAFF_ALERT'
    | 'WHATSAPP_TEMPLATE_LANGUAGE'
    | 'WHATSAPP_TEMPLATE_LANGUAGE_HI'
    | 'MSG91_TEMPLATE_STAFF_ALERT'
    | 'MSG91_TEMPLATE_STAFF_ALERT_HI'
  >;
  /** The clock: the scan's 'now' (tests pass a fixed one). */
  now?: () => Date;
  /** The back office's staff (accounts). */
  staff: () => Promise<UserDto[]>;
  /** The shop's quiet hours (marketing settings, decision 0041): WhatsApp waits them out. */
  quietHours: () => Promise<QuietHours | null>;
  /** Variants below their reorder level (catalog). */
  lowStock: () => Promise<LowVariant[]>;
  ordersPlacedBetween: (from: Date, to: Date) => Promise<(AlertOrder & { createdAt: Date })[]>;
  openOrderCounts: () => Promise<{ codToConfirm: number; toShip: number }>;
  /** One IST day's orders and net sales (the analytics report's figures). */
  salesOfDay: (day: string) => Promise<{ orders: number; salesPaise: number }>;
  refundPendingBetween: (
    from: Date,
    to: Date,
  ) => Promise<
    { paymentId: string; amountPaise: number; reason: string | null; orderNumber: string | null }[]
  >;
  refundsFailedBetween: (
    from: Date,
    to: Date,
  ) => Promise<
    {
      id: string;
      amountPaise: number;
      orderNumber: string | null;
      failureReason: string | null;
      updatedAt: Date;
    }[]
  >;
  grievancesDueBefore: (
    before: Date,
  ) => Promise<{ ticketNumber: string; category: string; stage: 'acknowledge' | 'resolve'; dueAt: Date }[]>;
}

/** One alert found by a scan: what it is about, its stable key, and when it is due. */
interface Found {
  key: string;
  facts: AlertFacts;
  due: Date;
}

export type AlertsService = ReturnType<typeof createAlertsService>;

export function createAlertsService(db: Db, deps: AlertsDeps) {
  const now = deps.now ?? (() => new Date());
  const siteUrl = deps.config.PUBLIC_URL ?? '';

  /**
   * Everyone who gets the owner's alerts, with their preference (the defaults when they saved
   * none). The one place recipients are chosen: the staff who run the shop (the owner and
   * managers: 'settings.manage'); alerts carry sales and payments a packer may not see.
   */
  async function alertRecipients(): Promise<Recipient[]> {
    const staff = (await deps.staff()).filter((u) => can(u.role, 'settings.manage'));
    if (staff.length === 0) return [];
    const rows = await db
      .select()
      .from(alertPreferences)
      .where(
        inArray(
          alertPreferences.userId,
          staff.map((u) => u.id),
        ),
      );
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    return staff.map((u) => {
      const row = byUser.get(u.id);
      return {
        userId: u.id,
        name: `${u.firstName} ${u.lastName}`.trim(),
        mobile: u.mobile,
        email: u.email,
        language: row?.language ?? 'en',
        preference: row
          ? {
              channels: row.channels as AlertChannel[],
              kinds: row.kinds as AlertKind[],
              digestMinutes: row.digestMinutes,
            }
          : DEFAULT_ALERT_PREFERENCE,
      };
    });
  }

  /** The channels a recipient can be reached on for this alert, now. */
  function channelsFor(r: Recipient, kind: AlertKind): AlertChannel[] {
    if (!wantsAlert(r.preference, kind)) return [];
    return r.preference.channels.filter((c) => deps.messenger.available(c));
  }

  function alertJob(found: Found, r: Recipient, channel: AlertChannel, quiet: QuietHours | null): NewJob {
    return {
      name: OWNER_ALERT_JOB,
      payload: { userId: r.userId, channel, facts: found.facts },
      key: `${OWNER_ALERT_JOB}:${found.key}:${r.userId}:${channel}`,
      runAt: alertSendTime(found.due, channel, quiet),
      maxAttempts: 5,
    };
  }

  /** Reads what happened in the span (outside any transaction: PGlite has one connection). */
  async function findAlerts(at: Date, span: { from: Date; to: Date }) {
    const [placed, pending, failedRefunds, dead, grievances] = await Promise.all([
      deps.ordersPlacedBetween(span.from, span.to),
      deps.refundPendingBetween(span.from, span.to),
      deps.refundsFailedBetween(span.from, span.to),
      deps.jobs.deadBetween(span.from, span.to, [OWNER_ALERT_JOB, OWNER_ALERTS_SCAN_JOB]),
      deps.grievancesDueBefore(new Date(at.getTime() + GRIEVANCE_WARN_MS)),
    ]);
    const found: Found[] = [
      ...pending.map((p) => ({
        key: `refund-pending:${p.paymentId}`,
        due: at,
        facts: {
          kind: 'payment',
          what: 'refund_pending',
          id: p.paymentId,
          amountPaise: p.amountPaise,
          orderNumber: p.orderNumber,
          reason: p.reason,
        } satisfies AlertFacts,
      })),
      ...failedRefunds.map((r) => ({
        key: `refund-failed:${r.id}:${r.updatedAt.getTime()}`,
        due: at,
        facts: {
          kind: 'payment',
          what: 'refund_failed',
          id: r.id,
          amountPaise: r.amountPaise,
          orderNumber: r.orderNumber,
          reason: r.failureReason,
        } satisfies AlertFacts,
      })),
      ...dead.map((j) => ({
        key: `job:${j.id}:${j.updatedAt.getTime()}`,
        due: at,
        facts: {
          kind: 'failed_job',
          jobId: j.id,
          name: j.name,
          attempts: j.attempts,
          error: j.lastError,
        } satisfies AlertFacts,
      })),
      ...grievances
        .filter((g) => grievanceNearDeadline(g.dueAt, at))
        .map((g) => ({
          key: `grievance:${g.ticketNumber}:${g.stage}`,
          due: at,
          facts: {
            kind: 'grievance',
            ticketNumber: g.ticketNumber,
            category: g.category,
            stage: g.stage,
            dueAt: g.dueAt.toISOString(),
          } satisfies AlertFacts,
        })),
    ];
    return { placed, found };
  }

  /** The daily summary's facts when one is due and not yet sent. */
  async function dailySummary(at: Date, sentUpTo: Date | null, lowCount: number): Promise<Found | null> {
    const due = dailySummaryDue(at);
    if (!due) return null;
    const dueAt = dailySummaryAt(due.day);
    if (sentUpTo && sentUpTo.getTime() >= dueAt.getTime()) return null;
    const [sales, open] = await Promise.all([deps.salesOfDay(due.of), deps.openOrderCounts()]);
    return {
      key: `daily:${due.day}`,
      due: at,
      facts: {
        kind: 'daily_summary',
        of: due.of,
        orders: sales.orders,
        salesPaise: sales.salesPaise,
        codToConfirm: open.codToConfirm,
        toShip: open.toShip,
        lowStock: lowCount,
      },
    };
  }

  /**
   * New orders: each at once to those who want each; to digest readers one job per window,
   * enqueued by the window's first order and sent when it closes (it reads the window's orders).
   */
  function orderJobs(
    placed: (AlertOrder & { createdAt: Date })[],
    recipients: Recipient[],
    quiet: QuietHours | null,
  ): NewJob[] {
    const out: NewJob[] = [];
    for (const o of placed) {
      for (const r of recipients) {
        const plan = newOrderPlan(o.createdAt, r.preference.digestMinutes);
        const found: Found =
          plan.kind === 'each'
            ? {
                key: `order:${o.orderNumber}`,
                due: o.createdAt,
                facts: {
                  kind: 'new_order',
                  order: {
                    orderNumber: o.orderNumber,
                    totalPaise: o.totalPaise,
                    paymentMode: o.paymentMode,
                    customerName: o.customerName,
                    place: o.place,
                  },
                },
              }
            : {
                key: `digest:${r.preference.digestMinutes}:${plan.window.index}`,
                due: plan.window.end,
                facts: {
                  kind: 'new_order_digest',
                  from: plan.window.start.toISOString(),
                  to: plan.window.end.toISOString(),
                },
              };
        for (const c of channelsFor(r, 'new_order')) out.push(alertJob(found, r, c, quiet));
      }
    }
    return out;
  }

  async function cursor(executor: Db | Tx, name: string): Promise<Date | null> {
    const [row] = await executor.select().from(alertScans).where(eq(alertScans.name, name));
    return row?.scannedAt ?? null;
  }

  async function moveCursor(tx: Tx, name: string, at: Date) {
    await tx
      .insert(alertScans)
      .values({ name, scannedAt: at })
      .onConflictDoUpdate({ target: alertScans.name, set: { scannedAt: at } });
  }

  return {
    alertRecipients,

    /**
     * One scan at the clock's now: finds the alerts since the last scan and enqueues them, with
     * the cursor, the low-stock episodes and the daily summary's mark, in one transaction.
     * Answers how many alert jobs it enqueued (repeats of a key are ignored by the queue).
     */
    async scan(): Promise<number> {
      const at = now();
      const [last, lastDaily] = [await cursor(db, SCAN), await cursor(db, DAILY)];
      const span = scanSpan(last, at);
      const recipients = await alertRecipients();
      const quiet = await deps.quietHours();
      const { placed, found } = await findAlerts(at, span);
      const low = await deps.lowStock();
      const daily = await dailySummary(at, lastDaily, low.length);
      let enqueued = 0;
      await db.transaction(async (tx) => {
        // Low stock once per fall: the episodes before, against the variants low now.
        const before = new Set(
          (await tx.select({ id: alertLowStock.variantId }).from(alertLowStock)).map((r) => r.id),
        );
        const { fell, recovered } = lowStockChanges(before, new Set(low.map((v) => v.variantId)));
        if (recovered.length > 0)
          await tx.delete(alertLowStock).where(inArray(alertLowStock.variantId, recovered));
        const told =
          fell.length === 0
            ? []
            : await tx
                .insert(alertLowStock)
                .values(fell.map((variantId) => ({ variantId, since: at })))
                .onConflictDoNothing()
                .returning({ id: alertLowStock.variantId });
        const toldIds = new Set(told.map((r) => r.id));
        const alerts = [...found];
        if (toldIds.size > 0)
          alerts.push({
            key: `low:${[...toldIds].sort((a, b) => a - b).join(',')}:${at.getTime()}`,
            due: at,
            facts: { kind: 'low_stock', variants: low.filter((v) => toldIds.has(v.variantId)) },
          });
        if (daily) alerts.push(daily);
        const jobs = [
          ...orderJobs(placed, recipients, quiet),
          ...alerts.flatMap((f) =>
            recipients.flatMap((r) => channelsFor(r, kindOf(f.facts)).map((c) => alertJob(f, r, c, quiet))),
          ),
        ];
        for (const job of jobs) await deps.jobs.enqueue(tx, job);
        enqueued = jobs.length;
        await moveCursor(tx, SCAN, at);
        if (daily) await moveCursor(tx, DAILY, at);
      });
      return enqueued;
    },

    /**
     * The 'owner-alert' job: the alert in the recipient's language on one channel, if they still
     * get it (a preference changed or a staff member removed since the scan: nothing is sent).
     */
    async deliver(payload: Record<string, unknown>): Promise<void> {
      const userId = payload.userId as number;
      const channel = payload.channel as AlertChannel;
      const facts = payload.facts as AlertFacts;
      const r = (await alertRecipients()).find((x) => x.userId === userId);
      if (!r || !channelsFor(r, kindOf(facts)).includes(channel)) return;
      const orders =
        facts.kind === 'new_order_digest'
          ? await deps.ordersPlacedBetween(new Date(facts.from), new Date(facts.to))
          : [];
      const rendered = renderAlert(facts, r.language, siteUrl, orders);
      if (!rendered) return;
      const message = alertMessage(channel, r, rendered, deps.config, deps.messenger.provider('sms'));
      if (message) await deps.messenger.send(message);
    },

    /** One staff member's own preference, with what the shop can send on and its quiet hours. */
    async preference(user: UserDto): Promise<AlertPreferenceDto> {
      const [row] = await db.select().from(alertPreferences).where(eq(alertPreferences.userId, user.id));
      return {
        channels: (row?.channels as AlertChannel[]) ?? [...DEFAULT_ALERT_PREFERENCE.channels],
        language: row?.language ?? 'en',
        kinds: (row?.kinds as AlertKind[]) ?? [...DEFAULT_ALERT_PREFERENCE.kinds],
        digestMinutes: row?.digestMinutes ?? DEFAULT_ALERT_PREFERENCE.digestMinutes,
        saved: row !== undefined,
        available: ALERT_CHANNELS.filter((c) => deps.messenger.available(c)),
        quietHours: await deps.quietHours(),
      };
    },

    async savePreference(user: UserDto, input: AlertPreferenceInputDto): Promise<AlertPreferenceDto> {
      const values = {
        channels: [...new Set(input.channels)],
        language: input.language,
        kinds: [...new Set(input.kinds)],
        digestMinutes: input.digestMinutes,
        updatedAt: now(),
      };
      await db
        .insert(alertPreferences)
        .values({ userId: user.id, ...values })
        .onConflictDoUpdate({ target: alertPreferences.userId, set: values });
      return this.preference(user);
    },
  };
}

/** The alert as one channel's message; null when it cannot go (no DLT template on MSG91). */
export function alertMessage(
  channel: AlertChannel,
  r: Pick<Recipient, 'email' | 'mobile' | 'language'>,
  alert: { subject: string; text: string },
  config: AlertsDeps['config'],
  smsProvider: string,
): OutgoingMessage | null {
  if (channel === 'email') return { channel, to: r.email, subject: alert.subject, text: alert.text };
  if (channel === 'sms') {
    const id =
      r.language === 'hi'
        ? (config.MSG91_TEMPLATE_STAFF_ALERT_HI ?? config.MSG91_TEMPLATE_STAFF_ALERT)
        : config.MSG91_TEMPLATE_STAFF_ALERT;
    // India's DLT rules: MSG91 delivers only registered templates, so no id means no SMS.
    if (smsProvider === 'msg91' && !id) return null;
    return {
      channel,
      to: r.mobile,
      text: `${alert.subject}\n${alert.text}`,
      ...(id ? { smsTemplate: { id, vars: { alert: alert.subject.slice(0, 30) } } } : {}),
    };
  }
  const name = config.WHATSAPP_TEMPLATE_STAFF_ALERT;
  return {
    channel,
    to: r.mobile,
    subject: `Template ${name}`,
    text: `${alert.subject}\n${alert.text}`,
    whatsappTemplate: {
      name,
      language:
        r.language === 'hi' ? config.WHATSAPP_TEMPLATE_LANGUAGE_HI : config.WHATSAPP_TEMPLATE_LANGUAGE,
      // Template parameters may not hold line breaks (Cloud API): the lines joined.
      params: [alert.subject, alert.text.split('\n').join(' · ').slice(0, WHATSAPP_PARAM_MAX)],
    },
  };
}
