// The customer pages' API edge for money: spending is summed in paise and shown in rupees.
import { toRupees } from '@spice/shared/money';

export function spentDto(s: { spentPaise: number }) {
  return toRupees(s.spentPaise);
}
