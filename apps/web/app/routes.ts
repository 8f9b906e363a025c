import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  route('robots.txt', 'routes/robots-txt.ts'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('checkout', 'routes/checkout.tsx'),
  // The back office: its own layout, none of the shop's; storefront code never imports from it.
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/:orderNumber', 'routes/admin/order.tsx'),
      route('stock', 'routes/admin/stock.tsx'),
      route('reviews', 'routes/admin/reviews.tsx'),
      route('messages', 'routes/admin/messages.tsx'),
      route('content', 'routes/admin/content.tsx'),
      route('checkout-settings', 'routes/admin/checkout-settings.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
    ]),
  ]),
  layout('routes/shop-layout.tsx', [
    index('routes/home.tsx'),
    route('product/:slug', 'routes/product.tsx'),
    route('search', 'routes/search.tsx'),
    route('about', 'routes/about.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('cart', 'routes/cart.tsx'),
    route('orders', 'routes/orders.tsx'),
    route('order-success', 'routes/order-success.tsx'),
    route('rate/:id', 'routes/rate.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('dev/outbox', 'routes/dev-outbox.tsx'),
    route('privacy-policy', 'routes/policy.tsx', { id: 'policy-privacy' }),
    route('terms-and-conditions', 'routes/policy.tsx', { id: 'policy-terms' }),
    route('return-policy', 'routes/policy.tsx', { id: 'policy-return' }),
    route('shipping-policy', 'routes/policy.tsx', { id: 'policy-shipping' }),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
