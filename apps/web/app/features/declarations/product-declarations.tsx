// The product page's 'Product details' and 'Ingredients and nutrition' sections: what the pack
// declares (Legal Metrology and FSSAI, decision 0035), from the product's DTO in the page's
// language (the catalogue filled in the shop's defaults). Part of the product route's chunk.
import type { ProductDto } from '@spice/shared/contracts/catalog';
import { NUTRIENTS, type Party } from '@spice/shared/declarations';
import { type NetQuantity, netQuantityLabel } from '@spice/shared/unit-price';
import { useLang, useT } from '../../i18n';
import { VegMark } from './veg-mark';

type Declarations = ProductDto['declarations'];

export function ProductDeclarations({ product }: { product: ProductDto }) {
  return (
    <>
      <ProductDetails product={product} />
      <IngredientsAndNutrition d={product.declarations} />
    </>
  );
}

function ProductDetails({ product }: { product: ProductDto }) {
  const t = useT();
  const lang = useLang();
  const d = product.declarations;
  const quantities = product.variants.flatMap((v) => (v.netQuantity ? [v.netQuantity as NetQuantity] : []));
  const care = d.consumerCare;
  return (
    <section className="declarations" aria-labelledby="product-details-heading">
      <h2 id="product-details-heading" className="declarations__title">
        {t('declarations.detailsTitle')}
      </h2>
      <dl className="declarations__list">
        <Row term={t('declarations.genericName')}>{d.genericName}</Row>
        <Row term={t('declarations.netQuantity')}>
          {quantities.length > 0 ? quantities.map((q) => netQuantityLabel(q, lang)).join(', ') : ''}
        </Row>
        <Row term={t('declarations.countryOfOrigin')}>{d.countryOfOrigin}</Row>
        <PartyRow term={t('declarations.manufacturer')} party={d.manufacturer} />
        <PartyRow term={t('declarations.packer')} party={d.packer} />
        <PartyRow term={t('declarations.marketer')} party={d.marketer} />
        <Row term={t('declarations.consumerCare')}>
          {care.phone || care.email || care.address ? (
            <>
              {care.phone ? <a href={`tel:${care.phone.replace(/\s+/g, '')}`}>{care.phone}</a> : null}
              {care.phone && care.email ? ' · ' : null}
              {care.email ? <a href={`mailto:${care.email}`}>{care.email}</a> : null}
              {care.address ? <span className="declarations__address">{care.address}</span> : null}
            </>
          ) : null}
        </Row>
        <Row term={t('declarations.fssai')}>
          {d.fssaiLicence ? (
            <>
              <span className="fssai-logo" aria-hidden="true">
                {t('declarations.fssaiLogo')}
              </span>{' '}
              {d.fssaiLicence}
            </>
          ) : null}
        </Row>
        <Row term={t('declarations.shelfLife')}>
          {d.shelfLifeMonths ? t('declarations.shelfLifeValue', { months: d.shelfLifeMonths }) : null}
        </Row>
        <Row term={t('declarations.storage')}>{d.storage}</Row>
      </dl>
    </section>
  );
}

function IngredientsAndNutrition({ d }: { d: Declarations }) {
  const t = useT();
  const lang = useLang();
  const number = (n: number) =>
    n.toLocaleString(lang === 'hi' ? 'hi-IN' : 'en-IN', { maximumFractionDigits: 1 });
  const rows: Record<(typeof NUTRIENTS)[number], [string, string]> = {
    energyKcal: [t('declarations.energy'), 'kcal'],
    proteinG: [t('declarations.protein'), 'g'],
    carbohydrateG: [t('declarations.carbohydrate'), 'g'],
    sugarsG: [t('declarations.sugars'), 'g'],
    fatG: [t('declarations.fat'), 'g'],
    sodiumMg: [t('declarations.sodium'), 'mg'],
  };
  return (
    <section className="declarations" aria-labelledby="ingredients-heading">
      <h2 id="ingredients-heading" className="declarations__title">
        {t('declarations.ingredientsTitle')} <VegMark veg={d.veg} />
      </h2>
      <dl className="declarations__list">
        <Row term={t('declarations.ingredients')}>{d.ingredients}</Row>
        <Row term={t('declarations.allergens')}>{d.allergens}</Row>
      </dl>
      {d.nutritionPer100g ? (
        <table className="nutrition">
          <caption>{t('declarations.nutritionCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('declarations.nutrient')}</th>
              <th scope="col">{t('declarations.perHundred')}</th>
            </tr>
          </thead>
          <tbody>
            {NUTRIENTS.map((key) => (
              <tr key={key} className={key === 'sugarsG' ? 'nutrition__sub' : undefined}>
                <th scope="row">{rows[key][0]}</th>
                <td>
                  {number(d.nutritionPer100g![key])} {rows[key][1]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  if (children === null || children === '' || children === undefined) return null;
  return (
    <div className="declarations__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function PartyRow({ term, party }: { term: string; party: Party | null }) {
  if (!party || (!party.name && !party.address)) return null;
  return (
    <Row term={term}>
      {party.name}
      {party.address ? <span className="declarations__address">{party.address}</span> : null}
    </Row>
  );
}
