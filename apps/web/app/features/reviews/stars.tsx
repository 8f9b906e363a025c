import { useT } from '../../i18n';

/** 4, or 4.3 for an average with a fraction (as in 'Rated 4.3 out of 5'). */
export function ratingValue(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/**
 * An average (or a single rating) as five stars filled to the value, drawn by CSS backgrounds so
 * it costs no script; read out as 'Rated 4.3 out of 5'.
 */
export function Stars({ value, size = 'md' }: { value: number; size?: 'sm' | 'md' | 'lg' }) {
  const t = useT();
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span
      className={`stars stars--${size}`}
      role="img"
      aria-label={t('reviews.rated', { value: ratingValue(value) })}
    >
      <span className="stars__fill" style={{ width: `${percent}%` }} />
    </span>
  );
}
