import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * The storefront in one language: English at today's URLs, Hindi under /hi (decision 0017). The
 * same modules serve both; the Hindi routes' ids end in '-hi' and the page reads its language
 * from the URL (i18n/useLang, langOf(request)).
 */
function shop(lang: '' | 'hi') {
  const at = (path: string) => (lang ? (path ? `${lang}/${path}` : lang) : path);
  // English routes keep their ids (the file's, or the policies' own); Hindi ones add '-hi'.
  const id = (name: string) =>
    lang ? { id: `${name}-${lang}` } : name.startsWith('policy-') ? { id: name } : {};
  const page = (path: string, file: string, name: string) => route(at(path), file, id(name));
  return [
    page('checkout', 'routes/checkout.tsx', 'checkout'),
    layout('routes/shop-layout.tsx', id('shop-layout'), [
      lang ? route(lang, 'routes/home.tsx', id('home')) : index('routes/home.tsx'),
      page('product/:slug', 'routes/product.tsx', 'product'),
      page('search', 'routes/search.tsx', 'search'),
      page('about', 'routes/about.tsx', 'about'),
      page('profile', 'routes/profile.tsx', 'profile'),
      page('cart', 'routes/cart.tsx', 'cart'),
      page('orders', 'routes/orders.tsx', 'orders'),
      page('orders/:orderNumber', 'routes/order.tsx', 'order'),
      page('order-success', 'routes/order-success.tsx', 'order-success'),
      page('rate/:id', 'routes/rate.tsx', 'rate'),
      page('delivery-issue/:token', 'routes/delivery-issue.tsx', 'delivery-issue'),
      page('contact', 'routes/contact.tsx', 'contact'),
      page('grievance', 'routes/grievance.tsx', 'grievance'),
      page('grievance/:ticketNumber', 'routes/grievance-status.tsx', 'grievance-status'),
      page('privacy-notice', 'routes/privacy-notice.tsx', 'privacy-notice'),
      page('dev/outbox', 'routes/dev-outbox.tsx', 'dev-outbox'),
      page('confirm/:token', 'routes/cod-confirm.tsx', 'cod-confirm'),
      page('cart/recover/:token', 'routes/cart-recover.tsx', 'cart-recover'),
      page('unsubscribe/:token', 'routes/unsubscribe.tsx', 'unsubscribe'),
      page('subscribe', 'routes/subscribe.tsx', 'subscribe'),
      page('subscriptions', 'routes/subscriptions.tsx', 'subscriptions'),
      page('privacy-policy', 'routes/policy.tsx', 'policy-privacy'),
      page('terms-and-conditions', 'routes/policy.tsx', 'policy-terms'),
      page('return-policy', 'routes/policy.tsx', 'policy-return'),
      page('shipping-policy', 'routes/policy.tsx', 'policy-shipping'),
      page('*', 'routes/not-found.tsx', 'not-found'),
    ]),
  ];
}

export default [
  route('robots.txt', 'routes/robots-txt.ts'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  // The messages of the dialogs the layout opens later (i18n/dialogs.ts), either language.
  route('i18n/:lang/:dialog', 'routes/i18n-dialog.ts'),
  // The back office: its own layout, none of the shop's; storefront code never imports from it.
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('analytics', 'routes/admin/analytics.tsx'),
      route('products', 'routes/admin/products.tsx'),
      route('products/csv', 'routes/admin/products-csv.tsx'),
      route('products/new', 'routes/admin/product-edit.tsx', { id: 'admin-product-new' }),
      route('products/:id', 'routes/admin/product-edit.tsx', { id: 'admin-product-edit' }),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/:orderNumber', 'routes/admin/order.tsx'),
      route('customers', 'routes/admin/customers.tsx'),
      route('customers/:id', 'routes/admin/customer.tsx'),
      route('payments', 'routes/admin/payments.tsx'),
      route('subscriptions', 'routes/admin/subscriptions.tsx'),
      route('cod-remittance', 'routes/admin/cod-remittance.tsx'),
      route('sales-by-source', 'routes/admin/sales-by-source.tsx'),
      route('feeds', 'routes/admin/feeds.tsx'),
      route('ndr', 'routes/admin/ndr.tsx'),
      route('jobs', 'routes/admin/jobs.tsx'),
      route('alerts', 'routes/admin/alerts.tsx'),
      route('abandoned-carts', 'routes/admin/abandoned-carts.tsx'),
      route('stock', 'routes/admin/stock.tsx'),
      route('stock/:variantId', 'routes/admin/batches.tsx'),
      route('recalls', 'routes/admin/recalls.tsx'),
      route('recalls/:recallNumber', 'routes/admin/recall.tsx'),
      route('reviews', 'routes/admin/reviews.tsx'),
      route('messages', 'routes/admin/messages.tsx'),
      route('grievances', 'routes/admin/grievances.tsx'),
      route('content', 'routes/admin/content.tsx'),
      route('checkout-settings', 'routes/admin/checkout-settings.tsx'),
      route('invoices', 'routes/admin/invoices.tsx'),
      route('invoice-settings', 'routes/admin/invoice-settings.tsx'),
      route('delivery-settings', 'routes/admin/delivery-settings.tsx'),
      route('label-settings', 'routes/admin/label-settings.tsx'),
      route('declaration-settings', 'routes/admin/declaration-settings.tsx'),
      route('banners', 'routes/admin/banners.tsx'),
      route('banners/:id', 'routes/admin/banner.tsx'),
      route('coupons', 'routes/admin/coupons.tsx'),
      route('coupons/:id', 'routes/admin/coupon.tsx'),
      route('offers', 'routes/admin/offers.tsx'),
      route('site', 'routes/admin/site.tsx'),
      route('site/marketplaces', 'routes/admin/marketplaces.tsx'),
      route('site/about', 'routes/admin/about-sections.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('staff', 'routes/admin/staff.tsx'),
    ]),
  ]),
  ...shop(''),
  ...shop('hi'),
] satisfies RouteConfig;
