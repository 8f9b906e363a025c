// The payments module's API edge for money: the ledger holds paise; the back office reads rupees.
import { toRupees } from '@spice/shared/money';

export function paymentAmountDto(p: { amountPaise: number }) {
  return toRupees(p.amountPaise);
}
