// The services of every module, built once per app around one database handle. Route handlers
// and the storefront's loaders (in-process, through the router context) call these.

import type { Db } from './db/client.ts';
import type { InvalidationBus } from './lib/invalidation-bus.ts';
import { createCustomersService } from './modules/accounts/admin-service.ts';
import { createMessagePreferences } from './modules/accounts/message-preferences.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { createStaffService } from './modules/accounts/staff-service.ts';
import { createAuditService } from './modules/admin/audit.ts';
import { createDashboardService } from './modules/admin/dashboard.ts';
import { createAlertsService, OWNER_ALERT_JOB } from './modules/alerts/service.ts';
import { createAnalyticsService } from './modules/analytics/service.ts';
import { createOtpService } from './modules/auth/otp-service.ts';
import { endSessionsOf } from './modules/auth/personal-data.ts';
import { createSessionStore } from './modules/auth/sessions.ts';
import { createCartService } from './modules/cart/service.ts';
import { createProductEditingService } from './modules/catalog/admin-service.ts';
import { createStockService } from './modules/catalog/admin-stock.ts';
import { createBatchService, STOCK_ALERTS_JOB, stockAlertsMessage } from './modules/catalog/batches.ts';
import { createDeclarationDefaultsService } from './modules/catalog/declaration-defaults.ts';
import { createProductsCsv } from './modules/catalog/products-csv.ts';
import { createRecallService, RECALL_MESSAGE_JOB, recallMessageText } from './modules/catalog/recalls.ts';
import { createCatalogService } from './modules/catalog/service.ts';
import { createCheckoutAdminService } from './modules/checkout/admin-service.ts';
import { createCheckoutService } from './modules/checkout/service.ts';
import { createInboxService } from './modules/contact/admin-service.ts';
import { createContactService } from './modules/contact/service.ts';
import { createContentEditingService } from './modules/content/admin-editing.ts';
import { createContentAdminService } from './modules/content/admin-service.ts';
import { createContentService } from './modules/content/service.ts';
import { createCouponsAdminService } from './modules/coupons/admin-service.ts';
import { createCouponsService } from './modules/coupons/service.ts';
import { createDeliveryService } from './modules/delivery/service.ts';
import { createFeedsService } from './modules/feeds/service.ts';
import { createGrievancesService } from './modules/grievances/service.ts';
import { createInvoiceRegister } from './modules/invoices/register.ts';
import { createInvoicesService } from './modules/invoices/service.ts';
import { createJobsAdmin } from './modules/jobs/admin-service.ts';
import { createJobQueue } from './modules/jobs/queue.ts';
import type { JobHandler } from './modules/jobs/worker.ts';
import { createMetaCapi, META_CAPI_JOB } from './modules/marketing/meta-capi.ts';
import {
  CART_REMINDER_JOB,
  createMarketingService,
  MARKETING_SCAN_JOB,
} from './modules/marketing/service.ts';
import { createMediaService } from './modules/media/service.ts';
import { createMediaStorage } from './modules/media/storage.ts';
import { createCodConfirmationMessages } from './modules/messaging/cod-confirmation-messages.ts';
import { ORDER_MESSAGE_JOB } from './modules/messaging/order-message-job.ts';
import {
  chooseChannels,
  createOrderMessages,
  type OrderMessageEvent,
} from './modules/messaging/order-messages.ts';
import { createMessenger } from './modules/messaging/service.ts';
import { createWhatsAppWebhook } from './modules/messaging/whatsapp-webhook.ts';
import { createOffersService } from './modules/offers/service.ts';
import { createAdminOrdersService } from './modules/orders/admin-service.ts';
import { openOrderCounts, ordersPlacedBetween } from './modules/orders/alert-facts.ts';
import { createBulkOrders } from './modules/orders/bulk-actions.ts';
import { hasBought, hasEarlierOrder, pendingCouponUses } from './modules/orders/checkout-status.ts';
import {
  COD_CONFIRMATION_EXPIRY_JOB,
  COD_CONFIRMATION_MESSAGE_JOB,
  type CodConfirmationMessageKind,
  createCodConfirmation,
} from './modules/orders/cod-confirmation.ts';
import { createCodRemittanceService } from './modules/orders/cod-remittance.ts';
import { createCustomerOrderService } from './modules/orders/customer-order.ts';
import { loadOrderFacts } from './modules/orders/order-facts.ts';
import { orderOwner } from './modules/orders/order-owner.ts';
import { isOrderOf } from './modules/orders/personal-data.ts';
import { loadPurchaseFacts } from './modules/orders/purchase-event.ts';
import { recordRefundProcessed } from './modules/orders/refund-status.ts';
import { createSalesBySource } from './modules/orders/sales-by-source.ts';
import { createSelfCancel } from './modules/orders/self-cancel.ts';
import { createOrdersService } from './modules/orders/service.ts';
import { variantsInUse } from './modules/orders/variant-usage.ts';
import { createGateway } from './modules/payments/gateway.ts';
import { createPaymentsLedger } from './modules/payments/ledger.ts';
import { createErasure } from './modules/privacy/erasure.ts';
import { createRetention, RETENTION_JOB } from './modules/privacy/retention.ts';
import { createPrivacyService } from './modules/privacy/service.ts';
import { disabledPushSender, webPushSender } from './modules/push/sender.ts';
import { createPushService, PUSH_ORDER_JOB, pushOrderJob } from './modules/push/service.ts';
import { isPushEvent } from './modules/push/texts.ts';
import { createRefundsService, REFUND_JOB } from './modules/refunds/service.ts';
import { createReviewModerationService } from './modules/reviews/admin-service.ts';
import { createReviewsService } from './modules/reviews/service.ts';
import { createSearchService } from './modules/search/service.ts';
import { createAutomaticCourier, manualCourier } from './modules/shipping/courier.ts';
import { createDeliveryIssues } from './modules/shipping/delivery-issues.ts';
import { createShippingService } from './modules/shipping/service.ts';
import { createSubscriptionGateway } from './modules/subscriptions/gateway.ts';
import {
  createSubscriptionsService,
  SUBSCRIPTION_GATEWAY_JOB,
  SUBSCRIPTION_MESSAGE_JOB,
} from './modules/subscriptions/service.ts';
import type { Config } from './plugins/config.ts';

export type Services = ReturnType<typeof createServices>;

export interface ServiceDeps {
  /** Secrets generated once per installation (loaded before the services are built). */
  secrets: { paymentsSimulated: string };
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /**
   * How long a session read stays in memory (0: never). Only for the embedded PGlite, which is one
   * process by construction; on PostgreSQL several instances share sessions, so it stays 0 until
   * the invalidation bus carries `sessions.invalidateSession` / `invalidateUser` (decision 0020).
   */
  sessionCacheMs?: number;
  /**
   * PostgreSQL: the connection for short statements outside a transaction (Database.shared): the
   * session read, a checkout's first look and pay's check, a confirmation's order read.
   */
  shared?: Db | undefined;
  /**
   * Carries cache invalidations to the other instances (lib/invalidation-bus.ts, decision 0022).
   * A new in-process cache of shared data subscribes to its topic here: one line.
   */
  bus: InvalidationBus;
}

export function createServices(db: Db, config: Config, deps: ServiceDeps) {
  const ttlMs = config.CATALOG_CACHE_SECONDS * 1000;
  const messenger = createMessenger(db, config);
  const { bus } = deps;
  const catalog = createCatalogService(db, { ttlMs, bus });
  const checkout = createCheckoutService(db, { ttlMs, bus });
  const coupons = createCouponsService(db, { pendingUses: pendingCouponUses, hasEarlierOrder });
  const gateway = createGateway(config, () => deps.secrets.paymentsSimulated);
  const audit = createAuditService(db);
  const payments = createPaymentsLedger(db);
  const invoices = createInvoicesService(db, {
    audit,
    log: deps.log,
    // Read when the owner saves the GST settings, long after delivery below exists.
    stateOfPincode: async (pin) => (await delivery.lookupMany([pin]))[pin]?.state ?? null,
  });
  const jobs = createJobQueue(db, {
    retryBaseMs: config.JOBS_RETRY_BASE_MS,
    maxAttempts: config.JOBS_MAX_ATTEMPTS,
  });
  // A processed refund of an order issues its own GST credit note and moves its payment status.
  const refunds = createRefundsService(db, {
    gateway,
    jobs,
    ledger: payments,
    hooks: {
      creditNoteRoom: invoices.checkCreditNoteRoom,
      creditNote: invoices.creditNoteForRefund,
      paymentStatus: recordRefundProcessed,
    },
    log: deps.log,
  });
  const reviews = createReviewsService(db, {
    catalog,
    ttlMs,
    bus,
    hasBought: (userId, productId) => hasBought(db, userId, productId),
  });
  const delivery = createDeliveryService(db, { checkout, audit, ttlMs, bus });
  const sessions = createSessionStore(db, {
    days: config.SESSION_DAYS,
    publicUrl: config.PUBLIC_URL,
    cacheMs: deps.sessionCacheMs ?? 0,
    reads: deps.shared,
  });
  const accounts = createAccountsService(db, {
    checkAddress: delivery.checkAddress,
    onUserChanged: (userId) => sessions.invalidateUser(userId),
    // The signup form's WhatsApp opt-in: the preference and its consent, in the account's transaction.
    signupChoices: async (tx, user, c) => {
      if (c.whatsapp)
        await messagePreferences.write(tx, user, { email: true, whatsapp: true }, c.at, c.lang, 'signup');
    },
  });
  const customerOrders = createCustomerOrderService(db, {
    catalog,
    checkout,
    refunds,
    invoices,
    ledger: payments,
    onlinePayments: gateway.keyId !== '',
  });
  const content = createContentService(db, { ttlMs, bus });
  const grievances = createGrievancesService(db, {
    messenger,
    siteUrl: config.PUBLIC_URL ?? '',
    storeName: async () => (await content.settings()).storeName,
    isOrderOf: (orderNumber, owner) => isOrderOf(db, orderNumber, owner),
    log: deps.log,
    ttlMs,
    bus,
  });
  const privacy = createPrivacyService(db, {
    grievances,
    refunds,
    reviewsChanged: (productIds) => reviews.forgetCached(productIds),
    sessionsEnded: (userId) => sessions.invalidateUser(userId),
  });
  const retention = createRetention(db, { grievances });
  // Turning WhatsApp on or off is a consent: recorded with its words in the same transaction.
  const messagePreferences = createMessagePreferences(db, {
    onWhatsapp: (c, tx) => privacy.recordConsent(tx, { ...c, purpose: 'whatsapp' }),
  });
  const orderMessages = createOrderMessages({
    db,
    reads: deps.shared,
    messenger,
    config,
    settings: () => content.footer(),
    // Bound late: the shipping module's service is made further down.
    deliveryIssueLink: (key) => deliveryIssues.mintLink(key),
    refundAmount: async (_orderNumber, refundId) => (await refunds.find(refundId))?.amountPaise ?? null,
    refundLines: async (_orderNumber, refundId) => (await refunds.find(refundId))?.lines ?? [],
    cancelRefundAmount: async (orderNumber) => (await refunds.cancelRefund(orderNumber))?.amountPaise ?? null,
    // A payment refunded instead of applied to its order ('Pay now' after shipping): why.
    refundCause: async (refundId) => {
      const refund = await refunds.find(refundId);
      return refund && !refund.orderId ? payments.refundReason(refund.paymentId) : null;
    },
    log: deps.log,
  });
  const otp = createOtpService(db, messenger, {
    secret: config.OTP_SECRET,
    limits: {
      ttlMs: config.OTP_TTL_SECONDS * 1000,
      maxAttempts: config.OTP_MAX_ATTEMPTS,
      resendAfterMs: config.OTP_RESEND_SECONDS * 1000,
      maxResends: config.OTP_MAX_RESENDS,
      sendsPerClientPerWindow: config.OTP_SENDS_PER_NUMBER_PER_15_MIN,
      sendsPerTargetPerHour: config.OTP_SENDS_PER_NUMBER_PER_HOUR,
    },
  });
  // Web push for order updates (issue 42): only with the shop's VAPID keys.
  const push = createPushService(db, {
    sender:
      config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY && config.VAPID_SUBJECT
        ? webPushSender({
            publicKey: config.VAPID_PUBLIC_KEY,
            privateKey: config.VAPID_PRIVATE_KEY,
            subject: config.VAPID_SUBJECT,
            timeoutMs: config.PUSH_TIMEOUT_MS,
          })
        : disabledPushSender(),
    orderOwner: (orderNumber) => orderOwner(db, orderNumber),
    log: deps.log,
  });
  /** What each job does; the worker (app.ts) adds the schedules. Every handler is idempotent. */
  const jobHandlers: Record<string, JobHandler> = {
    [ORDER_MESSAGE_JOB]: async (p) => {
      const event = p.event as OrderMessageEvent;
      await orderMessages.deliver({
        orderNumber: p.orderNumber as string,
        event,
        ...(typeof p.refundId === 'string' && { refundId: p.refundId }),
      });
      // The same update on the shopper's phones, as a job of its own (keyed: enqueued once).
      if (push.publicKey() && isPushEvent(event)) {
        const refundId = typeof p.refundId === 'string' ? p.refundId : undefined;
        await jobs.enqueue(db, pushOrderJob(p.orderNumber as string, event, refundId));
      }
    },
    [PUSH_ORDER_JOB]: (p) => push.sendOrderUpdate(p.orderNumber as string, p.event as string),
    [REFUND_JOB]: (p) => refunds.execute(p.refundId as string),
    // Daily: personal data past the period the privacy notice promises goes (decision 0036).
    [RETENTION_JOB]: async () => {
      await retention.run();
    },
  };
  const contact = createContactService(db, messenger, {
    storeEmail: config.STORE_EMAIL,
    userNames: async (ids) => {
      const users = await Promise.all(ids.map((id) => accounts.findById(id)));
      return new Map(
        users.flatMap((u) => (u ? [[u.id, `${u.firstName} ${u.lastName}`.trim()] as const] : [])),
      );
    },
    log: deps.log,
  });
  const media = createMediaService(createMediaStorage(config), {
    audit,
    log: deps.log,
    maxUploadMb: config.MEDIA_MAX_UPLOAD_MB,
  });
  // The store team (issue 41): roles in users.role; removing someone ends their sessions at once.
  const staff = createStaffService(db, {
    audit,
    endSessions: endSessionsOf,
    onUserChanged: (userId) => sessions.invalidateUser(userId),
  });
  // Stock as batches (issue 39): receiving, FEFO allocation at packing, returns, expiry, recalls.
  const batches = createBatchService(db, {
    audit,
    stockChanged: (levels) => catalog.stockChanged(levels),
    restocked: (variantId, tx) =>
      jobs.enqueue(tx, {
        name: MARKETING_SCAN_JOB,
        payload: {},
        key: `${MARKETING_SCAN_JOB}:restock:${variantId}:${Date.now()}`,
        maxAttempts: 1,
      }),
  });
  const recalls = createRecallService(db, {
    audit,
    jobs,
    stockChanged: (levels) => catalog.stockChanged(levels),
  });
  const adminOrders = createAdminOrdersService(db, {
    audit,
    refundCap: staff.refundCapPaise,
    batches,
    jobs,
    refunds,
    coupons,
    invoices,
    stockChanged: (levels) => catalog.stockChanged(levels),
    log: deps.log,
  });
  const cancelOwnOrder = createSelfCancel(db, { adminOrders, customerOrders });
  const automaticCourier = createAutomaticCourier(config);
  const deliveryIssues = createDeliveryIssues(db, {
    jobs,
    audit,
    adapterFor: (provider) => (provider === 'manual' ? manualCourier : automaticCourier),
  });
  const shipping = createShippingService(db, {
    adminOrders,
    jobs,
    deliveryIssues,
    manual: manualCourier,
    automatic: automaticCourier,
    webhookTokens: { shiprocket: config.SHIPROCKET_WEBHOOK_TOKEN },
    log: deps.log,
    audit,
    storeDetails: async () => {
      const [site, seller] = await Promise.all([content.settings(), invoices.settings()]);
      return { name: site.storeName, address: seller.address, email: config.STORE_EMAIL };
    },
  });
  // Automatic offers (issue 36): the checkout prices with them, the back office edits them.
  const offers = createOffersService(db, { audit });
  const orders = createOrdersService(db, {
    catalog,
    checkout,
    coupons,
    jobs,
    refunds,
    gateway,
    ledger: payments,
    invoices,
    delivery,
    offers,
    holdMinutes: config.CHECKOUT_HOLD_MINUTES,
    reads: deps.shared,
    log: deps.log,
  });
  // Subscribe and save (issue 43): charges become orders through the orders module's placement.
  const subscriptionGateway = createSubscriptionGateway(config);
  const subscriptions = createSubscriptionsService(db, {
    gateway: subscriptionGateway,
    payments: gateway,
    simulatedSecret: () => deps.secrets.paymentsSimulated,
    orders,
    ledger: payments,
    refunds,
    jobs,
    audit,
    messenger,
    assertServiceable: delivery.assertServiceable,
    publicUrl: config.PUBLIC_URL ?? '',
    log: deps.log,
  });
  jobHandlers[SUBSCRIPTION_GATEWAY_JOB] = (p) => subscriptions.runGatewayJob(p);
  jobHandlers[SUBSCRIPTION_MESSAGE_JOB] = (p) => subscriptions.deliverMessage(p);
  // COD confirmation (issue 34): the link, the WhatsApp replies, the reminder and the expiry.
  const codConfirmation = createCodConfirmation(db, {
    adminOrders,
    audit,
    checkout,
    jobs,
    checkAddress: delivery.checkAddress,
    assertServiceable: delivery.assertServiceable,
    rtoCount: orders.codRtoCount,
    onlinePayments: gateway.keyId !== '',
    payNow: orders.payNow,
    simulatePayment: gateway.simulatePayment?.bind(gateway),
    mobileOf: async (userId) => (await accounts.findById(userId))?.mobile ?? '',
  });
  const codConfirmationMessages = createCodConfirmationMessages({
    db,
    messenger,
    config,
    settings: () => content.footer(),
    mintLink: codConfirmation.mintLink,
    confirmBy: codConfirmation.confirmBy,
    log: deps.log,
  });
  jobHandlers[COD_CONFIRMATION_MESSAGE_JOB] = (p) =>
    codConfirmationMessages.deliver(p.orderNumber as string, p.kind as CodConfirmationMessageKind);
  // Issue 39: the owner's daily stock alerts (batches near expiry, variants to reorder), by e-mail.
  jobHandlers[STOCK_ALERTS_JOB] = async () => {
    const message = stockAlertsMessage(await batches.alerts());
    if (message && messenger.available('email'))
      await messenger.send({ channel: 'email', to: config.STORE_EMAIL, ...message });
  };
  // Issue 39: one recall message per affected shopper, in the order's language, on their channels.
  jobHandlers[RECALL_MESSAGE_JOB] = async (p) => {
    const order = await loadOrderFacts(db, p.orderNumber as string);
    if (!order) return;
    const recall = await recalls.get(p.recallNumber as string);
    const storeName = (await content.settings(order.language)).storeName;
    const link = `${(config.PUBLIC_URL ?? '').replace(/\/$/, '')}${order.language === 'hi' ? '/hi' : ''}/orders/${order.orderNumber}?recall=${recall.recallNumber}`;
    const { subject, text } = recallMessageText({
      lang: order.language,
      storeName,
      product: `${recall.productName} ${recall.weight}`,
      batches: recall.affectedOrders
        .filter((o) => o.orderNumber === order.orderNumber)
        .map((o) => o.batchNumber),
      orderNumber: order.orderNumber,
      reason: recall.reason,
      action: recall.action,
      link,
    });
    const channels = chooseChannels({
      preferences: order.preferences,
      email: order.customer.email,
      mobile: order.customer.mobile,
      available: (c) => messenger.available(c),
    });
    // Each channel tried once: a retry of the job would tell the shopper twice.
    for (const channel of channels) {
      try {
        await messenger.send({
          channel,
          to: channel === 'email' ? order.customer.email : order.customer.mobile,
          subject,
          text,
        });
      } catch (error) {
        deps.log.warn({ err: error, channel, orderNumber: order.orderNumber }, 'recall message not sent');
      }
    }
  };
  jobHandlers[COD_CONFIRMATION_EXPIRY_JOB] = (p) => codConfirmation.expire(p.orderNumber as string);
  // Bringing shoppers back (issue 37): reminders, back-in-stock alerts, unsubscribe links.
  const marketing = createMarketingService(db, {
    catalog,
    privacy,
    preferences: messagePreferences,
    accounts,
    messenger,
    jobs,
    audit,
    storeName: async () => (await content.settings()).storeName,
    publicUrl: config.PUBLIC_URL ?? '',
    demoMode: config.DEMO_MODE,
    log: deps.log,
  });
  jobHandlers[CART_REMINDER_JOB] = (p) => marketing.remind(p.cartId as number, p.step as number);
  const purchaseFacts = (orderNumber: string) => loadPurchaseFacts(db, catalog, orderNumber);
  // The server's Purchase for Meta (issue 38): only with both the pixel and a token configured.
  const metaCapi =
    config.META_PIXEL_ID && config.META_CAPI_TOKEN
      ? createMetaCapi(
          {
            pixelId: config.META_PIXEL_ID,
            token: config.META_CAPI_TOKEN,
            apiUrl: config.META_CAPI_URL,
            timeoutMs: config.MESSAGE_TIMEOUT_MS,
          },
          { purchaseFacts },
        )
      : null;
  if (metaCapi) jobHandlers[META_CAPI_JOB] = metaCapi;
  const whatsappWebhook = createWhatsAppWebhook({
    appSecret: config.WHATSAPP_APP_SECRET,
    verifyToken: config.WHATSAPP_VERIFY_TOKEN,
    confirm: (token) => codConfirmation.confirm(token, 'whatsapp'),
    cancel: (token) => codConfirmation.cancel(token),
    optOut: async (mobile) => {
      const user = await accounts.findByMobile(mobile);
      if (!user) return false;
      const current = await messagePreferences.get(user.id);
      await messagePreferences.set(user, { email: current.email, whatsapp: false });
      // 'STOP' ends marketing on WhatsApp as well, recorded as a consent withdrawn (issue 37).
      await marketing.stopWhatsapp(user);
      return true;
    },
    log: { info: (o, m) => deps.log.warn(o, m), warn: deps.log.warn },
  });
  const analytics = createAnalyticsService(db, {
    productIdOf: async (slug) => (await catalog.getBySlug(slug))?.id ?? null,
    log: deps.log,
  });
  // The owner's alerts (issue 41): a scan each minute enqueues them, 'owner-alert' sends each.
  const alerts = createAlertsService(db, {
    jobs,
    messenger,
    config,
    staff: () => accounts.staff(),
    quietHours: async () => (await marketing.settings()).quietHours,
    // Each variant's own reorder level (issue 39).
    lowStock: () => catalog.variantsBelowReorderLevel(),
    ordersPlacedBetween: (from, to) => ordersPlacedBetween(db, from, to),
    openOrderCounts: () => openOrderCounts(db),
    salesOfDay: async (day) => {
      const { totals } = await analytics.report('sales', { from: day, to: day, granularity: 'day' });
      return { orders: totals.orders ?? 0, salesPaise: Math.round((totals.netSales ?? 0) * 100) };
    },
    refundPendingBetween: (from, to) => payments.refundPendingBetween(from, to),
    refundsFailedBetween: (from, to) => refunds.failedBetween(from, to),
    grievancesDueBefore: (before) => grievances.openDueBefore(before),
  });
  jobHandlers[OWNER_ALERT_JOB] = (p) => alerts.deliver(p);
  const stock = createStockService({
    catalog,
    batches,
    audit,
    // Back in stock: the scan runs right after the commit rather than at its next minute.
    restocked: (variantId, tx) =>
      jobs.enqueue(tx, {
        name: MARKETING_SCAN_JOB,
        payload: {},
        key: `${MARKETING_SCAN_JOB}:restock:${variantId}:${Date.now()}`,
        maxAttempts: 1,
      }),
  });
  const productEditing = createProductEditingService(db, { catalog, audit, media, variantsInUse });
  return {
    staff,
    bus,
    jobs,
    alerts,
    feeds: createFeedsService({
      catalog,
      storeName: async (lang) => (await content.settings(lang)).storeName,
    }),
    salesBySource: createSalesBySource(db),
    purchaseFacts,
    /** True when placed orders enqueue the Conversions API's Purchase (META_CAPI_JOB). */
    metaCapiOn: metaCapi !== null,
    cancelOwnOrder,
    jobHandlers,
    push,
    jobsAdmin: createJobsAdmin(db, { jobs, audit }),
    refunds,
    audit,
    invoices,
    invoiceRegister: createInvoiceRegister(db),
    media,
    productEditing,
    declarationDefaults: createDeclarationDefaultsService(db, { catalog, audit }),
    contentEditing: createContentEditingService({ content, audit }),
    checkoutAdmin: createCheckoutAdminService({ checkout, audit }),
    contentAdmin: createContentAdminService(db, { audit, invalidate: () => content.invalidate() }),
    couponsAdmin: createCouponsAdminService(db, { audit }),
    offers,
    batches,
    recalls,
    stock,
    productsCsv: createProductsCsv(db, { productEditing, stock, batches }),
    analytics,
    dashboard: createDashboardService(db, analytics),
    adminOrders,
    deliveryIssues,
    shipping,
    bulkOrders: createBulkOrders(db, { adminOrders, shipping, log: deps.log }),
    codRemittance: createCodRemittanceService(db, { audit }),
    catalog,
    search: createSearchService({ catalog }),
    checkout,
    coupons,
    delivery,
    gateway,
    payments,
    cart: createCartService(db, catalog),
    orders,
    subscriptions,
    subscriptionGateway,
    codConfirmation,
    codConfirmationMessages,
    marketing,
    whatsappWebhook,
    customerOrders,
    customers: createCustomersService({ accounts, customerOrders, reviews }),
    messenger,
    orderMessages,
    messagePreferences,
    accounts,
    sessions,
    otp,
    grievances,
    privacy,
    retention,
    erasure: createErasure({
      otp,
      privacy,
      facts: async () => ({
        storeName: (await content.footer()).storeName,
        ttlSeconds: config.OTP_TTL_SECONDS,
      }),
    }),
    content,
    reviews,
    contact,
    reviewModeration: createReviewModerationService({ reviews, audit }),
    inbox: createInboxService({
      contact,
      audit,
      accounts,
      customerOrders,
      storeName: async () => (await content.settings()).storeName,
    }),
  };
}
