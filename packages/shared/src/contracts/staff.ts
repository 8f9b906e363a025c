// Contracts of the store team's page (/admin/staff, issue 41): invite, change role, remove, and
// the owner's limit on support's refunds.
import { MESSAGES } from '../messages.ts';
import { PERMISSIONS, STAFF_ROLES } from '../staff.ts';
import { MOBILE_PATTERN, nationalMobile } from '../validators.ts';
import { AdminOrderDetail, AdminOrderPage, AdminOrderRow, LineBatches } from './admin.ts';
import { Rupees, RupeesInput } from './rupees.ts';
import * as z from './zod.ts';

export const StaffRoleSchema = z.enum(STAFF_ROLES);

export const StaffMember = z
  .object({
    userId: z.number().int(),
    name: z.string(),
    mobile: z.string(),
    role: StaffRoleSchema,
    permissions: z.array(z.enum(PERMISSIONS)),
  })
  .meta({ id: 'StaffMember' });
export type StaffMemberDto = z.infer<typeof StaffMember>;

export const StaffList = z
  .object({ content: z.array(StaffMember), supportRefundLimit: Rupees })
  .meta({ id: 'StaffList' });

export const StaffInvite = z.object({
  mobile: z
    .string({ error: MESSAGES.invalidMobile })
    .transform((v) => nationalMobile(v) ?? v)
    .pipe(z.string().regex(MOBILE_PATTERN, MESSAGES.invalidMobile)),
  name: z
    .string({ error: 'Please enter the name.' })
    .trim()
    .min(1, 'Please enter the name.')
    .max(120, 'The name is too long.'),
  role: StaffRoleSchema,
});
export type StaffInviteInput = z.infer<typeof StaffInvite>;

export const StaffRoleChange = z.object({ role: StaffRoleSchema });

export const StaffUserIdParam = z.object({
  userId: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
});

/** Refunds a support member may issue alone, per refund, in rupees (0: none). */
export const StaffSettings = z.object({ supportRefundLimit: Rupees }).meta({ id: 'StaffSettings' });
export const StaffSettingsInput = z.object({ supportRefundLimit: RupeesInput });

/**
 * An order as a staff member without money.view or customers.view (a PACKER) gets it: no prices,
 * totals, payment or refunds, and of the customer only the name; the shipping address stays.
 */
export const LimitedOrderDetail = AdminOrderDetail.omit({
  totals: true,
  payment: true,
  refunds: true,
  creditNotes: true,
  customer: true,
  items: true,
})
  .extend({
    customer: z.object({ name: z.string() }),
    items: z.array(
      z.object({
        id: z.number().int(),
        productName: z.string(),
        variant: z.string(),
        quantity: z.number().int(),
        refundedQuantity: z.number().int(),
        /** What the packer packs from (issue 39). */
        batches: LineBatches,
      }),
    ),
  })
  .strict()
  .meta({ id: 'LimitedOrderDetail' });
export type LimitedOrderDetailDto = z.infer<typeof LimitedOrderDetail>;

/** What the back office answers for one order: in full, or limited for a role without money or contacts. */
export const StaffOrderDetail = z.union([AdminOrderDetail, LimitedOrderDetail]);

export const LimitedOrderRow = AdminOrderRow.omit({ totalAmount: true, mobile: true, paymentStatus: true })
  .strict()
  .meta({ id: 'LimitedOrderRow' });
export type LimitedOrderRowDto = z.infer<typeof LimitedOrderRow>;

export const StaffOrderPage = AdminOrderPage.extend({
  content: z.array(z.union([AdminOrderRow, LimitedOrderRow])),
}).meta({ id: 'StaffOrderPage' });
