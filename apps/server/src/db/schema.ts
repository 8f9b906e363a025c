// Every table, gathered for Drizzle and drizzle-kit. Each module owns its own schema file.

export * from '../modules/accounts/schema.ts';
export * from '../modules/admin/schema.ts';
export * from '../modules/analytics/schema.ts';
export * from '../modules/auth/schema.ts';
export * from '../modules/cart/schema.ts';
export * from '../modules/catalog/schema.ts';
export * from '../modules/checkout/schema.ts';
export * from '../modules/contact/schema.ts';
export * from '../modules/content/schema.ts';
export * from '../modules/coupons/schema.ts';
export * from '../modules/delivery/schema.ts';
export * from '../modules/grievances/schema.ts';
export * from '../modules/invoices/schema.ts';
export * from '../modules/jobs/schema.ts';
export * from '../modules/marketing/schema.ts';
export * from '../modules/messaging/schema.ts';
export * from '../modules/offers/schema.ts';
export * from '../modules/orders/schema.ts';
export * from '../modules/payments/schema.ts';
export * from '../modules/privacy/schema.ts';
export * from '../modules/rate-limits/schema.ts';
export * from '../modules/refunds/schema.ts';
export * from '../modules/reviews/schema.ts';
export * from '../modules/shipping/schema.ts';
export * from '../modules/subscriptions/schema.ts';
export * from '../seed/schema.ts';
