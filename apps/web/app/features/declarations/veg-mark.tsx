// The FSSAI veg mark: a green square with a green dot (non-veg: a brown square with a brown
// triangle), with its words for screen readers and beside it (FSSAI Labelling and Display
// Regulations 2020, decision 0035).
import { useT } from '../../i18n';

export function VegMark({ veg }: { veg: boolean }) {
  const t = useT();
  const label = veg ? t('declarations.veg') : t('declarations.nonVeg');
  const colour = veg ? '#0a8a3a' : '#7b3f00';
  return (
    <span className={`veg-mark ${veg ? 'veg-mark--veg' : 'veg-mark--non-veg'}`} data-testid="veg-mark">
      <svg width="20" height="20" viewBox="0 0 20 20" role="img" aria-label={label}>
        <rect x="1" y="1" width="18" height="18" fill="#fff" stroke={colour} strokeWidth="2" />
        {veg ? (
          <circle cx="10" cy="10" r="5" fill={colour} />
        ) : (
          <path d="M10 4.5 15.5 15h-11z" fill={colour} />
        )}
      </svg>
      <span aria-hidden="true">{label}</span>
    </span>
  );
}
