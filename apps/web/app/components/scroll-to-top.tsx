import { useEffect, useState } from 'react';
import { useT } from '../i18n';
import { ArrowUpIcon } from './icons';

/** Appears once the reader is past 60% of the page (spec section 9). */
export const SCROLL_THRESHOLD = 0.6;

export function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => {
      const scrollable = document.documentElement.scrollHeight - window.innerHeight;
      setVisible(scrollable > 0 && window.scrollY / scrollable > SCROLL_THRESHOLD);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const t = useT();
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label={t('common.scrollTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <ArrowUpIcon />
    </button>
  );
}
