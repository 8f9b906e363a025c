// Page meta: title, description, canonical link, language alternates and Open Graph tags, in one
// place. Every storefront page exists in English (today's URLs) and Hindi (under /hi): each names
// its own URL canonical and both as hreflang alternates, English as x-default (decision 0017).
import { LANG_TAG, LANGS, type Lang, localizePath } from '@spice/shared/lang';
import type { MetaDescriptor } from 'react-router';

/** hreflang alternates of a page (path in English: '/product/haldi'), English as the default. */
export function alternateLinks(origin: string, path: string): MetaDescriptor[] {
  return [
    ...LANGS.map((lang) => ({
      tagName: 'link' as const,
      rel: 'alternate',
      hrefLang: LANG_TAG[lang],
      href: `${origin}${localizePath(path, lang)}`,
    })),
    {
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: `${origin}${localizePath(path, 'en')}`,
    },
  ];
}

export function seoMeta(options: {
  title: string;
  description: string;
  origin: string;
  /** The page's path in English ('/about'); the page's language decides its own URL. */
  path: string;
  /** The page's language (the root loader's `lang`). */
  lang: Lang;
  image?: string | null;
  type?: 'website' | 'product' | 'article';
  noindex?: boolean;
}): MetaDescriptor[] {
  const url = `${options.origin}${localizePath(options.path, options.lang)}`;
  const meta: MetaDescriptor[] = [
    { title: options.title },
    { name: 'description', content: options.description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...alternateLinks(options.origin, options.path),
    { property: 'og:title', content: options.title },
    { property: 'og:description', content: options.description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:locale', content: options.lang === 'hi' ? 'hi_IN' : 'en_IN' },
    {
      property: 'og:locale:alternate',
      content: options.lang === 'hi' ? 'en_IN' : 'hi_IN',
    },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (options.image) {
    const image = options.image.startsWith('http') ? options.image : `${options.origin}${options.image}`;
    meta.push({ property: 'og:image', content: image });
  }
  if (options.noindex) meta.push({ name: 'robots', content: 'noindex' });
  return meta;
}
