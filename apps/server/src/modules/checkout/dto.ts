// The checkout settings' API edge for money: the settings hold paise; the contracts' `Rupees`
// fields (public settings, the back office's form and its audit entries) are filled here, and the
// form's rupees come back as paise here.
import type { CodRules, PrepaidDiscount } from '@spice/shared/cod';
import type { CheckoutSettingsEditInput } from '@spice/shared/contracts/admin';
import { toPaise, toRupees } from '@spice/shared/money';

type CodInput = NonNullable<CheckoutSettingsEditInput['cod']>;

export function rupeesDto(paise: number): number {
  return toRupees(paise);
}

/** The form's rupees (validated: whole paise) as stored. */
export function paiseFromInput(rupees: number): number {
  return toPaise(rupees);
}

export function milestoneValuesDto(m: { minCartValuePaise: number; shippingChargePaise: number }) {
  return { minCartValue: toRupees(m.minCartValuePaise), shippingCharge: toRupees(m.shippingChargePaise) };
}

export function milestoneFromInput(m: { minCartValue: number; shippingCharge: number }) {
  return { minCartValuePaise: toPaise(m.minCartValue), shippingChargePaise: toPaise(m.shippingCharge) };
}

export function codColumnsFromInput(cod: CodInput) {
  return {
    codEnabled: cod.enabled,
    codFeePaise: toPaise(cod.fee),
    codMinOrderPaise: toPaise(cod.minOrderValue),
    codMaxOrderPaise: cod.maxOrderValue === null ? null : toPaise(cod.maxOrderValue),
    codBlockedPincodes: [...new Set(cod.blockedPincodes)],
    codRtoLimit: cod.rtoLimit,
    ...(cod.confirmation && {
      codConfirmationRequired: cod.confirmation.required,
      codConfirmationHours: cod.confirmation.withinHours,
    }),
  };
}

export function prepaidDto(d: PrepaidDiscount | null | undefined) {
  if (!d) return null;
  return d.type === 'FLAT'
    ? { type: 'FLAT' as const, value: toRupees(d.amountPaise), maxDiscount: null }
    : {
        type: 'PERCENT' as const,
        value: d.percent,
        maxDiscount: d.maxDiscountPaise === null ? null : toRupees(d.maxDiscountPaise),
      };
}

export function prepaidFromInput(
  input: CheckoutSettingsEditInput['prepaidDiscount'],
): PrepaidDiscount | null {
  if (!input) return null;
  return input.type === 'FLAT'
    ? { type: 'FLAT', amountPaise: toPaise(input.value) }
    : {
        type: 'PERCENT',
        percent: input.value,
        maxDiscountPaise: input.maxDiscount === null ? null : toPaise(input.maxDiscount),
      };
}

export function codDto(rules: CodRules) {
  return {
    enabled: rules.enabled,
    fee: toRupees(rules.feePaise),
    minOrderValue: toRupees(rules.minOrderPaise),
    maxOrderValue: rules.maxOrderPaise === null ? null : toRupees(rules.maxOrderPaise),
  };
}
