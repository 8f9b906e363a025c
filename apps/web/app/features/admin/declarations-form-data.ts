// The declarations' posted fields (declarations.manufacturer.name, declarationsHi.genericName, …)
// as the shared schemas' nested input: blank parties and a blank nutrition table are null, blank
// numbers are null, so 'not given' and 'zero' stay apart.
import { NUTRIENTS } from '@spice/shared/declarations';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** Every posted field under `prefix.` as a nested object of strings. */
export function nestedFromForm(form: FormData, prefix: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    if (!key.startsWith(`${prefix}.`)) continue;
    const path = key.slice(prefix.length + 1).split('.');
    let node = out;
    for (const part of path.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[path[path.length - 1]!] = text(form, key);
  }
  return out;
}

const blankParty = (p: unknown) => {
  const party = p as { name?: string; address?: string } | undefined;
  return !party || (!party.name && !party.address);
};

/** The product form's declarations, or nothing when the form has none (kept as they are). */
export function declarationsFromForm(form: FormData) {
  if (!form.has('declarations.genericName')) return {};
  const d = nestedFromForm(form, 'declarations');
  const nutrition = d.nutritionPer100g as Record<string, string> | undefined;
  return {
    declarations: {
      ...d,
      packer: blankParty(d.packer) ? null : d.packer,
      marketer: blankParty(d.marketer) ? null : d.marketer,
      veg: form.getAll('declarations.veg').includes('true'),
      shelfLifeMonths: d.shelfLifeMonths === '' ? null : d.shelfLifeMonths,
      nutritionPer100g: !nutrition || NUTRIENTS.every((k) => !nutrition[k]) ? null : nutrition,
    },
    declarationsHi: nestedFromForm(form, 'declarationsHi'),
  };
}

/** A variant row's net quantity: null when its value is blank. */
export function netQuantityFromForm(form: FormData, i: number) {
  const value = text(form, `variants.${i}.netQuantity.value`);
  if (value === '') return null;
  return { value, unit: text(form, `variants.${i}.netQuantity.unit`) || 'g' };
}
