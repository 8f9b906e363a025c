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

/** A count with its noun, singular for one: '1 message', '3 messages' (the back office is English). */
export const countOf = (n: number, singular: string, plural = `${singular}s`) =>
  `${n} ${n === 1 ? singular : plural}`;
