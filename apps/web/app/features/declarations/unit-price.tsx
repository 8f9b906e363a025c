// The unit sale price under a price ('₹59.80 / 100 g'), as Legal Metrology rule 6 asks beside the
// MRP (decision 0035). Styles in styles/app.css (the declarations part).
import { formatUnitPrice, type UnitPer } from '@spice/shared/unit-price';
import { useLang, useT } from '../../i18n';

export function UnitPrice({ unitPrice }: { unitPrice: { amount: number; per: UnitPer } | null | undefined }) {
  const lang = useLang();
  const t = useT();
  if (!unitPrice) return null;
  return (
    <span className="unit-price">
      <span className="visually-hidden">{t('declarations.unitPrice')}: </span>
      {formatUnitPrice(unitPrice, lang)}
    </span>
  );
}
