import { formatPrice } from '@spice/shared/money';
import { percentOffRupees } from '@spice/shared/variants';
import { useSpecMessages, useT } from '../i18n';

/** Price with the rupee sign, the struck MRP when above 0, and '{n}% off' when there is a discount. */
export function Price({ price, mrp, size = 'md' }: { price: number; mrp: number; size?: 'md' | 'lg' }) {
  const off = percentOffRupees(mrp, price);
  const t = useT();
  const { percentOffLabel } = useSpecMessages();
  return (
    <span className={`price price--${size}`}>
      <span className="price__now">{formatPrice(price)}</span>
      {mrp > 0 && mrp !== price ? (
        <s className="price__mrp">
          <span className="visually-hidden">{t('common.mrp')}</span>
          {formatPrice(mrp)}
        </s>
      ) : null}
      {off > 0 ? <span className="price__off">{percentOffLabel(off)}</span> : null}
    </span>
  );
}
