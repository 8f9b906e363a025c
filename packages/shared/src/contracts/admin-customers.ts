// The back office's customer list: search, one customer in full, and the CSV export.

import { ORDER_STATUSES } from '../order-status.ts';
import { USER_ROLES } from '../staff.ts';
import { PageQuery } from './admin.ts';
import { Rupees } from './rupees.ts';
import * as z from './zod.ts';

/** q matches part of the mobile (with or without +91), the name or the e-mail. */
export const CustomersQuery = PageQuery.extend({
  q: z.string().trim().max(80, 'Search at most 80 characters.').optional(),
});
export type CustomersQueryInput = z.infer<typeof CustomersQuery>;

export const CustomersCsvQuery = z.object({ q: CustomersQuery.shape.q });

export const CustomerIdParam = z.object({
  id: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
});

export const CustomerRow = z
  .object({
    id: z.number().int(),
    name: z.string(),
    mobile: z.string(),
    email: z.string(),
    role: z.enum(USER_ROLES),
    joinedAt: z.string(),
    orderCount: z.number().int(),
    /** Rupees paid for orders that were not cancelled. */
    totalSpent: Rupees,
    lastOrderAt: z.string().nullable(),
    addressCount: z.number().int(),
    reviewCount: z.number().int(),
  })
  .meta({ id: 'CustomerRow' });
export type CustomerRowDto = z.infer<typeof CustomerRow>;

export const CustomerPage = z.object({
  content: z.array(CustomerRow),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});

export const CustomerDetail = CustomerRow.extend({
  addresses: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      phone: z.string(),
      addressType: z.enum(['Home', 'Work']),
      fullAddress: z.string(),
      isDefault: z.boolean(),
    }),
  ),
  orders: z.array(
    z.object({
      orderNumber: z.string(),
      status: z.enum(ORDER_STATUSES),
      itemCount: z.number().int(),
      totalAmount: Rupees,
      createdAt: z.string(),
    }),
  ),
  reviews: z.array(
    z.object({
      id: z.number().int(),
      productId: z.number().int(),
      productName: z.string(),
      productSlug: z.string().nullable(),
      rating: z.number().int(),
      title: z.string().nullable(),
      description: z.string(),
      hidden: z.boolean(),
      createdAt: z.string(),
    }),
  ),
}).meta({ id: 'CustomerDetail' });
export type CustomerDetailDto = z.infer<typeof CustomerDetail>;
