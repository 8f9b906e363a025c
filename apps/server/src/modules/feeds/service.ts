// The product feeds (issue 38): Google's XML in English and Hindi and Meta's CSV, made from the
// catalogue snapshot and kept with it, so a feed is built once per catalogue change (an edit, a
// sale changing stock) and prices and availability are always the snapshot's.
import type { FeedSummaryDto } from '@spice/shared/contracts/sales-sources';
import type { Lang } from '@spice/shared/lang';
import { csvDocument } from '../../lib/csv.ts';
import { weakEtag } from '../../lib/etag.ts';
import type { CatalogService, CatalogSnapshot } from '../catalog/service.ts';
import { type FeedItems, feedItems, googleFeedXml, META_COLUMNS, metaRows } from './feed-items.ts';

export type FeedName = 'google' | 'google-hi' | 'meta';
export const FEED_PATHS: Record<FeedName, string> = {
  google: '/feeds/google.xml',
  'google-hi': '/feeds/google-hi.xml',
  meta: '/feeds/meta.csv',
};

export interface BuiltFeed {
  body: string;
  etag: string;
  contentType: string;
}

export function createFeedsService(deps: {
  catalog: Pick<CatalogService, 'snapshot'>;
  storeName: (lang: Lang) => Promise<string>;
}) {
  // Per snapshot object (a new one after every catalogue change) and origin: built when asked.
  const built = new WeakMap<CatalogSnapshot, Map<string, Promise<BuiltFeed | FeedItems>>>();

  function memo<T extends BuiltFeed | FeedItems>(
    snap: CatalogSnapshot,
    key: string,
    make: () => Promise<T>,
  ): Promise<T> {
    let byKey = built.get(snap);
    if (!byKey) {
      byKey = new Map();
      built.set(snap, byKey);
    }
    let value = byKey.get(key) as Promise<T> | undefined;
    if (!value) {
      value = make();
      byKey.set(key, value);
      value.catch(() => byKey.delete(key));
    }
    return value;
  }

  async function items(snap: CatalogSnapshot, lang: Lang, origin: string): Promise<FeedItems> {
    return memo(snap, `items ${lang} ${origin}`, async () =>
      feedItems(snap, lang, origin, await deps.storeName(lang)),
    );
  }

  return {
    async feed(name: FeedName, origin: string): Promise<BuiltFeed> {
      const snap = await deps.catalog.snapshot();
      return memo(snap, `${name} ${origin}`, async () => {
        const lang: Lang = name === 'google-hi' ? 'hi' : 'en';
        const list = await items(snap, lang, origin);
        if (name === 'meta') {
          const body = csvDocument(META_COLUMNS, metaRows(list), { forMachines: true });
          return { body, etag: weakEtag(body), contentType: 'text/csv; charset=utf-8' };
        }
        const storeName = await deps.storeName(lang);
        const body = googleFeedXml(list, {
          title: storeName,
          link: `${origin}${lang === 'hi' ? '/hi' : '/'}`,
          description: lang === 'hi' ? `${storeName} के उत्पाद` : `Products of ${storeName}`,
          lang,
        });
        return { body, etag: weakEtag(body), contentType: 'application/xml; charset=utf-8' };
      });
    },

    /** The back office's view: each feed's address and items, and what was left out and why. */
    async summary(origin: string): Promise<FeedSummaryDto> {
      const snap = await deps.catalog.snapshot();
      const [en, hi] = await Promise.all([items(snap, 'en', origin), items(snap, 'hi', origin)]);
      return {
        feeds: [
          {
            name: 'Google Merchant Center (English)',
            url: `${origin}${FEED_PATHS.google}`,
            items: en.items.length,
          },
          {
            name: 'Google Merchant Center (Hindi)',
            url: `${origin}${FEED_PATHS['google-hi']}`,
            items: hi.items.length,
          },
          {
            name: 'Meta catalogue (Facebook, Instagram)',
            url: `${origin}${FEED_PATHS.meta}`,
            items: en.items.length,
          },
        ],
        leftOut: en.leftOut,
      };
    },
  };
}
export type FeedsService = ReturnType<typeof createFeedsService>;
