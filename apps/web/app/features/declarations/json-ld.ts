// The declarations in the product's structured data (schema.org): country of origin, nutrition per
// 100 g (NutritionInformation) and the net weight of the first pack (decision 0035). Beside the
// product route, not in seo.ts, so the home page's first load does not carry it.
import type { ProductDto } from '@spice/shared/contracts/catalog';

const UNIT_CODES = { g: 'GRM', kg: 'KGM' } as const;

export function productDeclarationsJsonLd(product: ProductDto) {
  const d = product.declarations;
  const n = d.nutritionPer100g;
  const q = product.variants.find((v) => v.netQuantity)?.netQuantity;
  return {
    ...(d.countryOfOrigin ? { countryOfOrigin: { '@type': 'Country', name: d.countryOfOrigin } } : {}),
    ...(n
      ? {
          nutrition: {
            '@type': 'NutritionInformation',
            servingSize: '100 g',
            calories: `${n.energyKcal} kcal`,
            proteinContent: `${n.proteinG} g`,
            carbohydrateContent: `${n.carbohydrateG} g`,
            sugarContent: `${n.sugarsG} g`,
            fatContent: `${n.fatG} g`,
            sodiumContent: `${n.sodiumMg} mg`,
          },
        }
      : {}),
    ...(q && (q.unit === 'g' || q.unit === 'kg')
      ? {
          weight: {
            '@type': 'QuantitativeValue',
            value: q.value,
            unitCode: UNIT_CODES[q.unit],
            unitText: q.unit,
          },
        }
      : {}),
  };
}
