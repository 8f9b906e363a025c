// The back office's customers: the shop's accounts with what they bought, spent, saved and wrote.
// Read-only, and put together from the services that own each part (accounts, orders, reviews).
import type {
  CustomerDetailDto,
  CustomerRowDto,
  CustomersQueryInput,
} from '@spice/shared/contracts/admin-customers';
import { csvDocument, csvIstTimestamp, csvRupees } from '../../lib/csv.ts';
import { pageOf } from '../../lib/pagination.ts';
import { AppError } from '../../plugins/errors.ts';
import type { CustomerOrderService } from '../orders/customer-order.ts';
import type { ReviewsService } from '../reviews/service.ts';
import { spentDto } from './customers-dto.ts';
import type { AccountsService } from './service.ts';

export const CUSTOMER_NOT_FOUND = 'Customer not found.';

type UserRow = NonNullable<Awaited<ReturnType<AccountsService['findUserRow']>>>;

export type CustomersService = ReturnType<typeof createCustomersService>;

export function createCustomersService(deps: {
  accounts: AccountsService;
  customerOrders: CustomerOrderService;
  reviews: ReviewsService;
}) {
  const { accounts, customerOrders, reviews } = deps;

  /** The list's figures for these accounts, in paise, fetched three queries at a time. */
  async function summarize(users: UserRow[]) {
    const ids = users.map((u) => u.id);
    const [spending, addressCounts, reviewCounts] = await Promise.all([
      customerOrders.spending(ids),
      accounts.addressCounts(ids),
      reviews.countsByUser(ids),
    ]);
    return users.map((u) => {
      const spent = spending.get(u.id);
      return {
        user: u,
        orderCount: spent?.orderCount ?? 0,
        spentPaise: spent?.spentPaise ?? 0,
        lastOrderAt: spent?.lastOrderAt ?? null,
        addressCount: addressCounts.get(u.id) ?? 0,
        reviewCount: reviewCounts.get(u.id) ?? 0,
      };
    });
  }

  function toRow(s: Awaited<ReturnType<typeof summarize>>[number]): CustomerRowDto {
    return {
      id: s.user.id,
      name: `${s.user.firstName} ${s.user.lastName}`.trim(),
      mobile: s.user.mobile,
      email: s.user.email,
      role: s.user.role,
      joinedAt: s.user.createdAt.toISOString(),
      orderCount: s.orderCount,
      totalSpent: spentDto(s),
      lastOrderAt: s.lastOrderAt ? s.lastOrderAt.toISOString() : null,
      addressCount: s.addressCount,
      reviewCount: s.reviewCount,
    };
  }

  return {
    async list(query: CustomersQueryInput) {
      const { rows, total } = await accounts.searchUsers(query.q, query);
      return pageOf((await summarize(rows)).map(toRow), total, query);
    },

    async detail(id: number): Promise<CustomerDetailDto> {
      const user = await accounts.findUserRow(id);
      if (!user) throw new AppError('notFound', CUSTOMER_NOT_FOUND);
      const [[summary], addresses, orders, written] = await Promise.all([
        summarize([user]),
        accounts.listAddresses(id),
        customerOrders.ordersOf(id),
        reviews.byUser(id),
      ]);
      return {
        ...toRow(summary!),
        addresses: addresses.map((a) => ({
          id: a.id,
          name: a.name,
          phone: a.phone,
          addressType: a.addressType,
          // As the shopper typed it, in the order a courier reads it.
          fullAddress: [a.addressLine, a.landmark, a.locality, a.city, a.state, a.pincode]
            .filter(Boolean)
            .join(', '),
          isDefault: a.isDefault,
        })),
        orders,
        reviews: written,
      };
    },

    /** Every account the search matches, newest first, as CSV with rupee amounts and IST times. */
    async csv(q: string | undefined): Promise<string> {
      const { rows } = await accounts.searchUsers(q);
      const header = [
        'Customer id',
        'Name',
        'Mobile',
        'E-mail',
        'Role',
        'Joined (IST)',
        'Orders',
        'Total spent (₹)',
        'Last order (IST)',
        'Addresses',
        'Reviews',
      ];
      const lines = (await summarize(rows)).map((s) => [
        String(s.user.id),
        `${s.user.firstName} ${s.user.lastName}`.trim(),
        s.user.mobile,
        s.user.email,
        s.user.role,
        csvIstTimestamp(s.user.createdAt),
        String(s.orderCount),
        csvRupees(s.spentPaise),
        s.lastOrderAt ? csvIstTimestamp(s.lastOrderAt) : '',
        String(s.addressCount),
        String(s.reviewCount),
      ]);
      return csvDocument(header, lines);
    },
  };
}
