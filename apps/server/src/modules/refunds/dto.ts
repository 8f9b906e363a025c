// The refunds module's API edge for money: refunds hold paise; an order's refund list shows rupees.
import type { OrderDetailDto } from '@spice/shared/contracts/commerce';
import { toRupees } from '@spice/shared/money';

export function refundDto(r: {
  id: string;
  amountPaise: number;
  status: OrderDetailDto['refunds'][number]['status'];
  createdAt: Date;
}): OrderDetailDto['refunds'][number] {
  return {
    id: r.id,
    amount: toRupees(r.amountPaise),
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  };
}
