import type { MetaDescriptor } from 'react-router';

/** Every back-office page: its own title and never indexed. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Back office` }, { name: 'robots', content: 'noindex, nofollow' }];
}

export const istDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  });
