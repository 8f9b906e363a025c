// Page meta: title, description, canonical link and Open Graph tags, in one place.
import type { MetaDescriptor } from 'react-router';

export function seoMeta(options: {
  title: string;
  description: string;
  origin: string;
  path: string;
  image?: string | null;
  type?: 'website' | 'product' | 'article';
  noindex?: boolean;
}): MetaDescriptor[] {
  const url = `${options.origin}${options.path}`;
  const meta: MetaDescriptor[] = [
    { title: options.title },
    { name: 'description', content: options.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:title', content: options.title },
    { property: 'og:description', content: options.description },
    { property: 'og:url', content: url },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:locale', content: 'en_IN' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (options.image) {
    const image = options.image.startsWith('http') ? options.image : `${options.origin}${options.image}`;
    meta.push({ property: 'og:image', content: image });
  }
  if (options.noindex) meta.push({ name: 'robots', content: 'noindex' });
  return meta;
}
