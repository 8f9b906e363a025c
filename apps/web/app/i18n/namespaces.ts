// Which messages each page ships (issue 33). The catalogue's top-level keys are its namespaces; the
// root loader sends the layout's, each page's loader its own (pageMessages in server.ts), and a
// dialog that opens later fetches its own when it first opens (useDialogMessages), so a page
// carries only the messages it can render. An entry is a namespace ('checkout') or one message
// ('product.reviewsWord') when a page shows a single text of another feature's namespace; 'spec'
// is the spec's texts that useSpecMessages() gives ('spec.messages.cartTitle').
// Kept apart from the JSON, so the browser's bundle imports only these names.
//
// THE ONE PLACE: a new feature puts its texts under a new top-level key of en.json/hi.json and
// names that key here: in PAGE_NAMESPACES under the page (route file name) that renders it, in
// DIALOG_NAMESPACES for a dialog opened later, or in LAYOUT_NAMESPACES only when the header or
// footer shows it on every page. namespaces.test.ts fails when a route, or a component it
// imports, uses a key its page does not ship.
import type en from './messages/en.json';

/** The catalogue's namespaces, and 'spec': the spec's texts (useSpecMessages) as 'spec.messages.…'. */
export type Namespace = keyof typeof en | 'spec';
/** A whole namespace, or one message of it. */
export type Entry = Namespace | `${Namespace}.${string}`;

/** On every page: header, footer, search box, the error pages' texts. Keep it small (≤ 5 kB bar). */
export const LAYOUT_NAMESPACES = [
  'common.close',
  'common.demoLabel',
  'common.demoText',
  'common.mrp',
  'common.scrollTop',
  'common.skipToContent',
  'language.switchLabel',
  'header',
  'footer',
  'search',
  'contact.link',
  'grievance.link',
  'privacy.footerLink',
  'declarations.footerLicence',
  'spec.messages.loadingProduct',
  'spec.messages.networkError',
  'spec.messages.noSearchMatchesDropdown',
  'spec.searchPrompt.bestsellers',
  'spec.searchPrompt.tryBestsellers',
] as const satisfies readonly Entry[];

/**
 * The banner offering Hindi (language-switch.tsx): sent with the layout's only to the English
 * first visit whose browser asks for Hindi (the root loader's offerHindi), never on a Hindi page.
 */
export const LANGUAGE_BANNER_NAMESPACES = [
  'language.bannerText',
  'language.bannerLink',
  'language.bannerDismiss',
  'language.bannerLabel',
] as const satisfies readonly Entry[];

/** Each page's own, by its route file's name (routes/product.tsx → 'product'). */
export const PAGE_NAMESPACES = {
  home: ['home', 'product.reviewsWord', 'reviews.rated', 'spec.messages.featuredProducts'],
  product: [
    'product',
    'combo',
    'offers',
    'declarations',
    'delivery',
    'reviews',
    'spec.messages.addedToCart',
    'spec.messages.outOfStock',
    'spec.messages.addressPincode',
    'spec.messages.noReviews',
    'backInStock',
    'pwa.share',
    'pwa.shareWhatsApp',
    'pwa.shareText',
    // Issue 43's 'Buy once' / 'Subscribe and save X%' (features/subscriptions/subscribe-option.tsx).
    ...['subscriptions.buyOnce', 'subscriptions.subscribeSave', 'subscriptions.frequency'],
    ...['subscriptions.every1', 'subscriptions.every2', 'subscriptions.every3'],
    ...['subscriptions.perDelivery', 'subscriptions.subscribe'],
    'batches',
  ],
  search: ['product.reviewsWord', 'reviews.rated', 'spec'],
  about: ['about'],
  cart: ['cart', 'spec', 'declarations.unitPrice', 'offers'],
  checkout: [
    ...['checkout', 'payment', 'address', 'cart', 'spec', 'rto.codNotAvailable', 'privacy.readNotice'],
    'declarations.unitPrice',
    'offersConsent.checkout',
    'offers',
  ],
  contact: ['contact', 'spec'],
  'dev-outbox': ['outbox'],
  'not-found': ['notFound', 'common.backHome'],
  'order-success': [
    ...['orderSuccess', 'address', 'order', 'pwa.pushOffer', 'pwa.pushOfferText', 'pwa.pushOn'],
    ...['pwa.pushDenied', 'pwa.pushFailed'],
  ],
  order: [
    ...['order', 'refund', 'checkout', 'address', 'invoice', 'payment', 'payNow', 'tracking', 'spec'],
    'deliveryIssue.events',
    'offers',
    'batches',
  ],
  orders: ['orders', 'tracking', 'invoice', 'order', 'payment', 'refund'],
  policy: ['policy', 'spec.messages.policyEmpty', 'spec.messages.policyFailed'],
  profile: [
    ...['profile', 'messagePrefs', 'address', 'spec', 'privacy', 'offersConsent', 'pwa.pushProfileLabel'],
    ...['pwa.pushProfileOff', 'pwa.pushProfileOnState', 'pwa.pushDenied', 'pwa.pushFailed'],
    'subscriptions.profileLink',
  ],
  'delivery-issue': ['deliveryIssue', 'address', 'spec'],
  grievance: ['grievance', 'spec', 'contact.name', 'contact.email'],
  'grievance-status': ['grievance', 'spec'],
  'cod-confirm': [
    ...['codConfirm', 'address', 'spec', 'order.phone', 'payment.simulatedTitle', 'payment.simulatedText'],
    ...['payment.cancel', 'payment.pay', 'payment.createFailed', 'payment.sdkFailed'],
  ],
  'privacy-notice': ['privacy', 'grievance', 'consentBanner.change'],
  'cart-recover': ['recover', 'spec'],
  unsubscribe: ['unsubscribe'],
  subscribe: ['subscriptions', 'address', 'spec'],
  subscriptions: ['subscriptions', 'spec'],
  rate: ['rate', 'reviews', 'spec'],
} as const satisfies Record<string, readonly Entry[]>;

/**
 * Dialogs the layout opens later, by the name their component passes to useDialogMessages: their
 * messages come from /i18n/<lang>/<dialog> when they first open.
 */
export const DIALOG_NAMESPACES = {
  login: [
    'login',
    'signup',
    'spec',
    'privacy.readNotice',
    'messagePrefs.whatsapp',
    'messagePrefs.whatsappNote',
  ],
  contact: ['contact', 'spec'],
  'cart-drawer': ['cart', 'spec', 'declarations.unitPrice'],
  // The analytics and advertising cookie banner (issue 38), loaded after the page is interactive.
  'consent-banner': ['consentBanner'],
} as const satisfies Record<string, readonly Entry[]>;

/**
 * In the browser's bundle (index.ts), under every page's messages: the error page's texts, which
 * must show even when the root loader failed.
 */
export const BUNDLED_NAMESPACES = ['errorPage'] as const satisfies readonly Entry[];

/** A page's 404 (its loader found nothing): its own messages and the not-found page's. */
export const NOT_FOUND_NAMESPACES = ['notFound', 'common.backHome'] as const satisfies readonly Entry[];

export type Page = keyof typeof PAGE_NAMESPACES;
export type Dialog = keyof typeof DIALOG_NAMESPACES;
