// The store team's roles and what each may do (issue 41, decision 0045). One source for the server's
// operation → permission table, the back office's navigation and the pages' own checks.
//
// OWNER: everything, the only one who manages staff and the store's legal and payment settings.
// MANAGER: everything but staff and those settings.
// PACKER: orders (view, pack, ship, labels, mark delivered) and stock (receive, adjust); never
//   money, customers' contact details beyond the shipping address, or settings.
// SUPPORT: orders and customers (view, cancel before shipping, refunds up to the owner's limit),
//   reviews, contact messages, grievances; no settings, no stock.

export const STAFF_ROLES = ['OWNER', 'MANAGER', 'PACKER', 'SUPPORT'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Every value users.role may hold: a shopper, or one of the staff roles. */
export const USER_ROLES = ['customer', ...STAFF_ROLES] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const PERMISSIONS = [
  /** Orders list and detail (money and contact details need their own permissions below). */
  'orders.view',
  /** Pack, ship, labels and packing slips, mark delivered, failed deliveries. */
  'orders.fulfil',
  /** Cancel an order before it ships. */
  'orders.cancel',
  /** Other order handling: confirm a COD order, move it back, record a failed delivery's outcome. */
  'orders.manage',
  /** Refund lines of an order (SUPPORT up to the owner's limit). */
  'refunds.issue',
  /** Prices, totals, payments, refunds and money reports. */
  'money.view',
  /** Cash on delivery remittance and other money records. */
  'money.manage',
  /** Customers, their mobile numbers and e-mail addresses. */
  'customers.view',
  'reviews.moderate',
  'messages.handle',
  'grievances.handle',
  /** Receive and adjust stock. */
  'stock.adjust',
  /** Products, images, coupons, offers, product feeds. */
  'catalogue.manage',
  /** Banners, footer, sections, store texts, site settings. */
  'storefront.manage',
  /** Abandoned carts, back-in-stock requests, marketing settings. */
  'marketing.manage',
  /** Delivery, labels and other running settings. */
  'settings.manage',
  /** The store's legal and payment settings: policies, GST invoices, checkout and COD, declarations, grievance officer. */
  'settings.legal',
  'jobs.manage',
  'audit.view',
  /** Invite, change and remove staff; set the support refund limit. */
  'staff.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MANAGER_DENIED: ReadonlySet<Permission> = new Set(['staff.manage', 'settings.legal']);

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, ReadonlySet<Permission>>> = {
  OWNER: new Set(PERMISSIONS),
  MANAGER: new Set(PERMISSIONS.filter((p) => !MANAGER_DENIED.has(p))),
  PACKER: new Set(['orders.view', 'orders.fulfil', 'stock.adjust']),
  SUPPORT: new Set([
    'orders.view',
    'orders.cancel',
    'refunds.issue',
    'money.view',
    'customers.view',
    'reviews.moderate',
    'messages.handle',
    'grievances.handle',
  ]),
};

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}

/** Whether a user of this role may do it: a shopper (or no one) never. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].has(permission);
}

/** The role's permissions as a list (what the session tells the back office). */
export function permissionsOf(role: string | null | undefined): Permission[] {
  return isStaffRole(role) ? PERMISSIONS.filter((p) => ROLE_PERMISSIONS[role].has(p)) : [];
}

/** What an order status change needs: cancelling is support's too, the steps of fulfilment a packer's. */
export function statusChangePermission(status: string): Permission {
  if (status === 'CANCELLED') return 'orders.cancel';
  if (status === 'PACKED' || status === 'SHIPPED' || status === 'DELIVERED' || status === 'RTO')
    return 'orders.fulfil';
  return 'orders.manage';
}

/** What a bulk action on the orders list needs: confirming is order handling, the rest fulfilment. */
export function bulkActionPermission(action: 'CONFIRM' | 'PACK' | 'SHIP' | 'DELIVER'): Permission {
  return action === 'CONFIRM' ? statusChangePermission('CONFIRMED') : 'orders.fulfil';
}

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  OWNER: 'Owner',
  MANAGER: 'Manager',
  PACKER: 'Packer',
  SUPPORT: 'Support',
};

export const STAFF_MESSAGES = {
  lastOwner: 'The shop must keep at least one owner. Make someone else an owner first.',
  notStaff: 'No staff member with this id.',
  alreadyStaff: 'This mobile number already belongs to a staff member.',
  refundOverLimit: (limit: string) => `Refunds above ${limit} need an owner or a manager.`,
  forbidden: 'Your role does not allow this.',
} as const;
