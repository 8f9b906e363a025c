// Bulk work on orders (issue 41): one action on many orders, each order on its own. Every order
// goes through the very function its own page's button calls (the status change, or shipping's
// Ship step for Shiprocket), so whatever those do inside their transaction (stock batches on
// packing, invoices on shipping, the shopper's message, the audit entry) happens exactly as for
// one order, and an order is moved whole or not at all. A refusal (not confirmed yet, changed
// meanwhile, no courier API) is reported beside its order; the others go on.
import { AppError } from '@spice/shared/app-error';
import type { UserDto } from '@spice/shared/contracts/accounts';
import {
  BULK_MAX_ORDERS,
  BULK_TOO_MANY,
  type BulkOrderAction,
  type BulkOrderActionInput,
  type BulkOrderFilterInput,
  type BulkOrderOutcomeDto,
  type BulkOrderResultDto,
  type BulkOrdersQueryInput,
} from '@spice/shared/contracts/bulk';
import type { OrderStatus } from '@spice/shared/order-status';
import type { Db } from '../../db/client.ts';
import type { ShippingService } from '../shipping/service.ts';
import type { AdminOrdersService } from './admin-service.ts';
import { orderLinesCsv } from './lines-export.ts';

/** The status each action moves an order to. */
export const BULK_TARGET: Readonly<Record<BulkOrderAction, OrderStatus>> = {
  CONFIRM: 'CONFIRMED',
  PACK: 'PACKED',
  SHIP: 'SHIPPED',
  DELIVER: 'DELIVERED',
};

export const NO_SUCH_ORDER = 'No order has this number.';
export const NO_COURIER_API =
  'Shiprocket is not set up: ship these orders one by one with the courier and AWB number.';
export const UNEXPECTED_FAILURE = 'Could not be done: an unexpected error (logged). Try this order again.';

export type BulkOrders = ReturnType<typeof createBulkOrders>;

export function createBulkOrders(
  db: Db,
  deps: {
    adminOrders: Pick<AdminOrdersService, 'changeStatus' | 'statesOf' | 'numbersMatching'>;
    shipping: Pick<ShippingService, 'ship' | 'options'>;
    log: { error(obj: object, msg: string): void };
  },
) {
  /** The orders picked, or those the filter matches (refused when more than one action may take). */
  async function selection(input: {
    orders?: string[] | undefined;
    filter?: BulkOrderFilterInput | undefined;
  }): Promise<string[]> {
    if (input.orders && input.orders.length > 0) return input.orders;
    const found = await deps.adminOrders.numbersMatching(input.filter ?? {}, BULK_MAX_ORDERS + 1);
    if (found.length > BULK_MAX_ORDERS) throw new AppError('invalid', BULK_TOO_MANY);
    return found;
  }

  async function one(
    admin: UserDto,
    action: BulkOrderAction,
    orderNumber: string,
    version: number,
  ): Promise<OrderStatus> {
    const status = BULK_TARGET[action];
    if (action === 'SHIP') {
      const shipped = await deps.shipping.ship(admin, orderNumber, { status, version, courier: 'auto' });
      return shipped.status;
    }
    return (await deps.adminOrders.changeStatus(admin, orderNumber, { status, version })).status;
  }

  return {
    selection,

    /** The orders export, one row per line, as a stream (lines-export.ts). */
    exportLines: (query: BulkOrdersQueryInput) => orderLinesCsv(db, query),

    /**
     * One after another (a courier's API and the database each take one order at a time well),
     * each at the version it has when its turn comes: the operator chose the orders, not versions.
     */
    async run(admin: UserDto, input: BulkOrderActionInput): Promise<BulkOrderResultDto> {
      const numbers = await selection(input);
      const states = await deps.adminOrders.statesOf(numbers);
      const courierApi = input.action !== 'SHIP' || deps.shipping.options().automatic !== null;
      const results: BulkOrderOutcomeDto[] = [];
      for (const orderNumber of numbers) {
        const state = states.get(orderNumber);
        if (!state) {
          results.push({ orderNumber, outcome: 'refused', status: null, message: NO_SUCH_ORDER });
          continue;
        }
        if (!courierApi) {
          results.push({ orderNumber, outcome: 'refused', status: state.status, message: NO_COURIER_API });
          continue;
        }
        try {
          const status = await one(admin, input.action, orderNumber, state.version);
          results.push({ orderNumber, outcome: 'done', status, message: null });
        } catch (error) {
          const now = (await deps.adminOrders.statesOf([orderNumber])).get(orderNumber);
          if (error instanceof AppError) {
            results.push({
              orderNumber,
              outcome: 'refused',
              status: now?.status ?? null,
              message: error.message,
            });
          } else {
            deps.log.error({ err: error, orderNumber, action: input.action }, 'bulk order action failed');
            results.push({
              orderNumber,
              outcome: 'refused',
              status: now?.status ?? null,
              message: UNEXPECTED_FAILURE,
            });
          }
        }
      }
      const done = results.filter((r) => r.outcome === 'done').length;
      return { action: input.action, done, refused: results.length - done, results };
    },
  };
}
