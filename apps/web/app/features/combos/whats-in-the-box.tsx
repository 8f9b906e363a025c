// A combo's 'What's in the box' on the product page (issue 36, decision 0040): each part with its
// weight and a link to it, and what the box saves against buying the parts one by one. Imported by
// the product route only (its chunk), never the home page.
import { formatPrice } from '@spice/shared/money';
import { Link } from 'react-router';
import { useLocalePath, useT } from '../../i18n';
import combosStylesHref from '../../styles/combos.css?url';

/** A part as the loader resolves it from the catalogue, in the page's language. */
export interface BoxPart {
  variantId: number;
  quantity: number;
  name: string;
  weight: string;
  slug: string;
  /** Rupees, the part's own price. */
  price: number;
  image: string;
}

export function WhatsInTheBox({
  parts,
  saving,
  partsPrice,
}: {
  parts: BoxPart[];
  saving: number;
  partsPrice: number;
}) {
  const t = useT();
  const lp = useLocalePath();
  if (parts.length === 0) return null;
  return (
    <section className="box-contents" aria-labelledby="box-contents-title">
      {/* Only a combo's page links these styles (React puts the sheet in the head): a product page
          that is not a combo keeps its first paint free of a render-blocking request (issue 33). */}
      <link rel="stylesheet" href={combosStylesHref} precedence="default" />
      <h2 id="box-contents-title" className="box-contents__title">
        {t('combo.whatsInTheBox')}
      </h2>
      <ul className="box-contents__list">
        {parts.map((p) => (
          <li key={p.variantId} className="box-contents__part">
            <img src={p.image} alt="" width="48" height="48" loading="lazy" />
            <span className="box-contents__name">
              <Link to={lp(`/product/${p.slug}`)} prefetch="intent">
                {p.name}
              </Link>
              <span className="box-contents__weight">
                {p.quantity > 1 ? t('combo.partCount', { quantity: p.quantity, weight: p.weight }) : p.weight}
              </span>
            </span>
            <span className="box-contents__price">{formatPrice(p.price * p.quantity)}</span>
          </li>
        ))}
      </ul>
      {saving > 0 ? (
        <p className="box-contents__saving">
          {t('combo.saving', { amount: formatPrice(saving), partsPrice: formatPrice(partsPrice) })}
        </p>
      ) : null}
    </section>
  );
}
