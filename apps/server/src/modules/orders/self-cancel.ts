// A shopper cancels their own order before it is packed (issue 32). The same status change as the
// owner's cancel (admin-service changeStatus): stock and coupon use back, a paid order refunded
// in full, the 'cancelled' message, an audit entry, here with the shopper as actor and their
// reason. Whether it may still be cancelled is decided again with the order read in the
// transaction, so a packing that wins the race refuses the cancel (409).
import type { UserDto } from '@spice/shared/contracts/accounts';
import { selfCancelRefusal } from '@spice/shared/self-cancel';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { type AdminOrdersService, ORDER_CHANGED_MEANWHILE } from './admin-service.ts';
import { type CustomerOrderService, ORDER_NOT_FOUND } from './customer-order.ts';
import { orders } from './schema.ts';

/** Tries against a version moved on meanwhile (the owner confirmed it as the shopper clicked). */
const ATTEMPTS = 3;

export function createSelfCancel(
  db: Db,
  deps: {
    adminOrders: Pick<AdminOrdersService, 'changeStatus'>;
    customerOrders: Pick<CustomerOrderService, 'detail'>;
  },
) {
  return async function cancelOwnOrder(user: UserDto, orderNumber: string, reason: string) {
    for (let attempt = 1; ; attempt++) {
      const [order] = await db
        .select({ status: orders.status, version: orders.version })
        .from(orders)
        .where(and(eq(orders.orderNumber, orderNumber), eq(orders.userId, user.id)));
      if (!order) throw new AppError('notFound', ORDER_NOT_FOUND);
      const refusal = selfCancelRefusal(order.status);
      if (refusal) throw new AppError('conflict', refusal);
      try {
        await deps.adminOrders.changeStatus(
          user,
          orderNumber,
          { status: 'CANCELLED', version: order.version },
          {
            guard: (current) => {
              const late = selfCancelRefusal(current.status);
              if (late) throw new AppError('conflict', late);
            },
            note: { cancelledBy: 'shopper', reason },
          },
        );
        return deps.customerOrders.detail(user.id, orderNumber);
      } catch (error) {
        const moved = error instanceof AppError && error.message === ORDER_CHANGED_MEANWHILE;
        if (!moved || attempt === ATTEMPTS) throw error;
      }
    }
  };
}
