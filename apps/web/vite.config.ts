import { createRequire } from 'node:module';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * The browser formats messages the server already parsed (app/i18n/server.ts), so its bundle takes
 * intl-messageformat without the ICU parser (decision 0017): about 7 kB gzip less per first visit.
 */
function icuWithoutParserInBrowser(): Plugin {
  const noParser = createRequire(import.meta.url).resolve('@formatjs/icu-messageformat-parser/no-parser.js');
  return {
    name: 'icu-without-parser-in-browser',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(id) {
      return id === '@formatjs/icu-messageformat-parser' ? noParser : null;
    },
  };
}

// Modules only some pages use (the cart's, checkout's and order pages' rules, the review rules, modals,
// toasts, and the spec's texts in either language, which pages get from the root loader) stay with
// those pages: a first visit to the home page does not load them (decision 0017's budget). A module
// the shop chunk takes brings what it imports along, so a rule module the cart and checkout share
// (price-cart, which imports the COD rules; states-hi, which reads the GST state codes) is listed
// here too, as are the rules of pages a first visit never opens (unit prices, declarations, COD
// confirmation, delivery issues, grievances, RTO risk, consents, retention periods).
const NOT_ON_EVERY_PAGE =
  /apps[\\/]web[\\/]app[\\/](features[\\/]cart[\\/]cart-contents|components[\\/](modal|toast))\.tsx|packages[\\/]shared[\\/]src[\\/](gst|cod|ist|shipping|delivery|media|refunds|payments|reviews|coupons|order-status|messages|messages-hi|price-cart|states|states-hi|unit-price|declarations|cod-confirmation|delivery-issue|grievances|rto-risk|consent-texts|self-cancel|retention|combos|offers|offer-texts|analytics|staff|staff-view|subscriptions)\.ts/;

const SHOP_MODULE =
  /apps[\\/]web[\\/]app[\\/](components[\\/]|seo\.ts|features[\\/](account|cart|reviews)[\\/])|packages[\\/]shared[\\/]src[\\/]/;

export default defineConfig({
  plugins: [icuWithoutParserInBrowser(), reactRouter()],
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Fewer, larger files for a first visit: every script is one more request on a slow
        // mobile connection. React, React DOM and React Router in one chunk, and the small
        // storefront modules every shop page imports in another. Modules loaded on demand
        // (modals, the cart drawer) and the back office's stay out of both.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|@react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            {
              name: 'shop',
              test: (id) => SHOP_MODULE.test(id) && !/[\\/]contracts/.test(id) && !NOT_ON_EVERY_PAGE.test(id),
              tags: ['$initial'],
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  ssr: { noExternal: ['@spice/shared'] },
});
