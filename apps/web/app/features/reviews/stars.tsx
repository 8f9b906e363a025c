/** 'Rated 4 out of 5', or 'Rated 4.3 out of 5' for an average with a fraction. */
export function ratingLabel(value: number): string {
  return `Rated ${Number.isInteger(value) ? value : value.toFixed(1)} out of 5`;
}

/**
 * An average (or a single rating) as five stars filled to the value, drawn by CSS backgrounds so
 * it costs no script; read out as 'Rated 4.3 out of 5'.
 */
export function Stars({ value, size = 'md' }: { value: number; size?: 'sm' | 'md' | 'lg' }) {
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={ratingLabel(value)}>
      <span className="stars__fill" style={{ width: `${percent}%` }} />
    </span>
  );
}
