// Every back-office operation and the permission it needs: ONE table, read by the central check
// (plugins/auth.ts guardBackOffice, before validation) and walked by the test that finds every
// /api/admin operation of the OpenAPI document here (operation-permissions.test.ts).
//
// The key is the operation's id as the document writes it: its method and its OpenAPI path
// ('GET /api/admin/orders/{orderNumber}'); the document's operationId is that same string. A new
// back-office route is one new line. A route missing here is refused to everyone but an owner
// (and its test fails) until its line is added.
import type { Permission } from '@spice/shared/staff';

export const OPERATION_PERMISSIONS = {
  // Orders: a packer and support see them; money and contact details are cut for those without
  // money.view / customers.view (orders/staff-view.ts). A status change is checked per target
  // status too (statusChangePermission).
  'GET /api/admin/orders': 'orders.view',
  'GET /api/admin/orders/{orderNumber}': 'orders.view',
  'GET /api/admin/orders.csv': 'money.view',
  'PUT /api/admin/orders/{orderNumber}/status': ['orders.fulfil', 'orders.cancel', 'orders.manage'],
  'POST /api/admin/orders/{orderNumber}/refunds': 'refunds.issue',
  'POST /api/admin/orders/{orderNumber}/cod-confirmation': 'orders.manage',
  'POST /api/admin/orders/{orderNumber}/delivery-failed': 'orders.fulfil',
  'GET /api/admin/orders/{orderNumber}/label.pdf': 'orders.fulfil',
  // Bulk work: checked per action too (bulkActionPermission); the labels of many, the line export.
  'POST /api/admin/orders/bulk': ['orders.fulfil', 'orders.manage'],
  'GET /api/admin/orders/labels.pdf': 'orders.fulfil',
  'GET /api/admin/orders/lines.csv': 'money.view',
  'GET /api/admin/shipping/labels.pdf': 'orders.fulfil',
  'GET /api/admin/shipping/options': 'orders.fulfil',
  'GET /api/admin/ndr': 'orders.manage',
  'POST /api/admin/ndr/{orderNumber}': 'orders.manage',
  // Subscriptions (issue 43): their prices and shoppers; support may cancel one for a shopper.
  'GET /api/admin/subscriptions': 'money.view',
  'GET /api/admin/subscriptions/metrics': 'money.view',
  'GET /api/admin/subscriptions/{id}': 'money.view',
  'POST /api/admin/subscriptions/{id}/cancel': 'orders.cancel',
  // Money.
  'GET /api/admin/payments': 'money.view',
  'GET /api/admin/cod-remittance': 'money.view',
  'GET /api/admin/cod-remittance.csv': 'money.view',
  'POST /api/admin/cod-remittance/remit': 'money.manage',
  'GET /api/admin/invoices': 'money.view',
  'GET /api/admin/invoices/export/{kind}': 'money.view',
  'GET /api/admin/gstr1': 'money.view',
  'GET /api/admin/analytics/{report}': 'money.view',
  'GET /api/admin/reports/sales-by-source': 'money.view',
  'GET /api/admin/reports/sales-by-source.csv': 'money.view',
  // Customers and what they write to the shop.
  'GET /api/admin/customers': 'customers.view',
  'GET /api/admin/customers.csv': 'customers.view',
  'GET /api/admin/customers/{id}': 'customers.view',
  'GET /api/admin/reviews': 'reviews.moderate',
  'PUT /api/admin/reviews/{id}/reply': 'reviews.moderate',
  'PUT /api/admin/reviews/{id}/visibility': 'reviews.moderate',
  'GET /api/admin/contact-messages': 'messages.handle',
  'POST /api/admin/contact-messages/{id}/replies': 'messages.handle',
  'PUT /api/admin/contact-messages/{id}/read': 'messages.handle',
  'GET /api/admin/grievances': 'grievances.handle',
  'POST /api/admin/grievances/{ticketNumber}/replies': 'grievances.handle',
  'GET /api/admin/grievances/report.csv': 'grievances.handle',
  // Stock.
  'GET /api/admin/stock': 'stock.adjust',
  'POST /api/admin/variants/{id}/stock': 'stock.adjust',
  // Batches (issue 39): a packer receives and corrects stock; the levels and shelf-life settings
  // are the shop's running settings; recalls reach shoppers and money, the owner's and managers'.
  'GET /api/admin/variants/{id}/batches': 'stock.adjust',
  'POST /api/admin/variants/{id}/batches': 'stock.adjust',
  'POST /api/admin/variants/{id}/batches/{batchNumber}/adjustments': 'stock.adjust',
  'PUT /api/admin/variants/{id}/reorder-level': 'catalogue.manage',
  'GET /api/admin/stock-settings': 'stock.adjust',
  'PUT /api/admin/stock-settings': 'settings.manage',
  'GET /api/admin/stock-alerts': 'stock.adjust',
  'POST /api/admin/recalls': 'catalogue.manage',
  'GET /api/admin/recalls': 'catalogue.manage',
  'GET /api/admin/recalls/{recallNumber}': 'catalogue.manage',
  'GET /api/admin/recalls/{recallNumber}/report.csv': 'catalogue.manage',
  // Catalogue.
  'GET /api/admin/products': 'catalogue.manage',
  // The products CSV: prices, MRP and stock (its import adjusts stock through stock.adjust's own service).
  'GET /api/admin/products.csv': 'catalogue.manage',
  'POST /api/admin/products/import': 'catalogue.manage',
  'POST /api/admin/products': 'catalogue.manage',
  'GET /api/admin/products/slug-check': 'catalogue.manage',
  'GET /api/admin/products/{id}': 'catalogue.manage',
  'PUT /api/admin/products/{id}': 'catalogue.manage',
  'PUT /api/admin/products/{id}/active': 'catalogue.manage',
  'POST /api/admin/products/{id}/images': 'catalogue.manage',
  'PUT /api/admin/products/{id}/images/order': 'catalogue.manage',
  'PUT /api/admin/products/{id}/images/{imageId}': 'catalogue.manage',
  'DELETE /api/admin/products/{id}/images/{imageId}': 'catalogue.manage',
  'POST /api/admin/media': 'catalogue.manage',
  'GET /api/admin/coupons': 'catalogue.manage',
  'POST /api/admin/coupons': 'catalogue.manage',
  'GET /api/admin/coupons/{id}': 'catalogue.manage',
  'PUT /api/admin/coupons/{id}': 'catalogue.manage',
  'PUT /api/admin/coupons/{id}/active': 'catalogue.manage',
  'GET /api/admin/offers': 'catalogue.manage',
  'POST /api/admin/offers': 'catalogue.manage',
  'GET /api/admin/offers/{id}': 'catalogue.manage',
  'PUT /api/admin/offers/{id}': 'catalogue.manage',
  'DELETE /api/admin/offers/{id}': 'catalogue.manage',
  'GET /api/admin/feeds': 'catalogue.manage',
  // Storefront.
  'GET /api/admin/settings': 'storefront.manage',
  'PUT /api/admin/settings': 'storefront.manage',
  'GET /api/admin/banners': 'storefront.manage',
  'POST /api/admin/banners': 'storefront.manage',
  'PUT /api/admin/banners/order': 'storefront.manage',
  'PUT /api/admin/banners/{id}': 'storefront.manage',
  'DELETE /api/admin/banners/{id}': 'storefront.manage',
  'GET /api/admin/footer': 'storefront.manage',
  'PUT /api/admin/footer': 'storefront.manage',
  'GET /api/admin/marketplace-links': 'storefront.manage',
  'POST /api/admin/marketplace-links': 'storefront.manage',
  'PUT /api/admin/marketplace-links/order': 'storefront.manage',
  'PUT /api/admin/marketplace-links/{id}': 'storefront.manage',
  'DELETE /api/admin/marketplace-links/{id}': 'storefront.manage',
  'GET /api/admin/about-sections': 'storefront.manage',
  'POST /api/admin/about-sections': 'storefront.manage',
  'PUT /api/admin/about-sections/order': 'storefront.manage',
  'PUT /api/admin/about-sections/{id}': 'storefront.manage',
  'DELETE /api/admin/about-sections/{id}': 'storefront.manage',
  // Marketing.
  'GET /api/admin/marketing-settings': 'marketing.manage',
  'PUT /api/admin/marketing-settings': 'marketing.manage',
  'GET /api/admin/abandoned-carts': 'marketing.manage',
  'GET /api/admin/back-in-stock': 'marketing.manage',
  // Running settings.
  'GET /api/admin/delivery-settings': 'settings.manage',
  'PUT /api/admin/delivery-settings': 'settings.manage',
  'GET /api/admin/shipping/label-settings': 'settings.manage',
  'PUT /api/admin/shipping/label-settings': 'settings.manage',
  // Each one's own alert preferences; alerts go to those who run the shop (alerts/service.ts).
  'GET /api/admin/alert-preferences': 'settings.manage',
  'PUT /api/admin/alert-preferences': 'settings.manage',
  // The store's legal and payment settings: the owner's alone.
  'GET /api/admin/policies': 'settings.legal',
  'PUT /api/admin/policies/{kind}': 'settings.legal',
  'GET /api/admin/invoice-settings': 'settings.legal',
  'PUT /api/admin/invoice-settings': 'settings.legal',
  'GET /api/admin/checkout-settings': 'settings.legal',
  'PUT /api/admin/checkout-settings': 'settings.legal',
  'GET /api/admin/declaration-defaults': 'settings.legal',
  'PUT /api/admin/declaration-defaults': 'settings.legal',
  'GET /api/admin/grievance-officer': 'settings.legal',
  'PUT /api/admin/grievance-officer': 'settings.legal',
  // Operations.
  'GET /api/admin/jobs': 'jobs.manage',
  'POST /api/admin/jobs/{id}/retry': 'jobs.manage',
  'GET /api/admin/audit': 'audit.view',
  // Staff (issue 41).
  'GET /api/admin/staff': 'staff.manage',
  'POST /api/admin/staff': 'staff.manage',
  'PUT /api/admin/staff/{userId}': 'staff.manage',
  'DELETE /api/admin/staff/{userId}': 'staff.manage',
  'GET /api/admin/staff-settings': 'staff.manage',
  'PUT /api/admin/staff-settings': 'staff.manage',
} as const satisfies Record<string, Permission | readonly Permission[]>;

export type OperationId = keyof typeof OPERATION_PERMISSIONS;

/** Back-office operations anyone may call: the storefront's cart shows the shipping milestones. */
export const PUBLIC_BACK_OFFICE_OPERATIONS: ReadonlySet<string> = new Set([
  'GET /api/admin/shipping-milestones',
]);

/** Fastify's '/api/admin/orders/:orderNumber' as OpenAPI writes it: '/api/admin/orders/{orderNumber}'. */
export const openApiPath = (url: string) => url.replaceAll(/:(\w+)/g, '{$1}');

export const operationId = (method: string, url: string) => `${method.toUpperCase()} ${openApiPath(url)}`;

/** A staff-only operation: every path under /api/admin/ but the public ones. */
export const isBackOfficeOperation = (id: string) =>
  id.split(' ')[1]?.startsWith('/api/admin/') === true && !PUBLIC_BACK_OFFICE_OPERATIONS.has(id);

/**
 * What the operation needs (any one of the list); null for an operation the table lacks, which
 * the central check leaves to an owner alone.
 */
export function permissionsFor(id: string): readonly Permission[] | null {
  const entry = (OPERATION_PERMISSIONS as Record<string, Permission | readonly Permission[]>)[id];
  if (entry === undefined) return null;
  return typeof entry === 'string' ? [entry] : entry;
}
