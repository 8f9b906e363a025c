// What of an order a staff member sees (issue 41): in full with money.view and customers.view;
// otherwise (a PACKER) no prices, totals, payment or refunds and of the customer only the name,
// the shipping address kept. Cut here, in the answer, not only on the page.
import type { AdminOrderDetailDto } from './contracts/admin.ts';
import type { LimitedOrderDetailDto, LimitedOrderRowDto } from './contracts/staff.ts';
import { can } from './staff.ts';

type Viewer = { role: string };

export const seesOrdersInFull = (viewer: Viewer) =>
  can(viewer.role, 'money.view') && can(viewer.role, 'customers.view');

export function orderDetailFor(
  viewer: Viewer,
  order: AdminOrderDetailDto,
): AdminOrderDetailDto | LimitedOrderDetailDto {
  if (seesOrdersInFull(viewer)) return order;
  const { totals: _t, payment: _p, refunds: _r, creditNotes: _c, customer, items, ...rest } = order;
  return {
    ...rest,
    customer: { name: customer.name },
    items: items.map(({ price: _price, mrp: _mrp, ...item }) => item),
  };
}

export function orderRowFor<R extends { totalAmount: number; mobile: string; paymentStatus: unknown }>(
  viewer: Viewer,
  row: R,
): R | LimitedOrderRowDto {
  if (seesOrdersInFull(viewer)) return row;
  const { totalAmount: _t, mobile: _m, paymentStatus: _p, ...rest } = row;
  return rest as unknown as LimitedOrderRowDto;
}
