// The back office's inbox: contact messages with their replies, each linked to the shop account
// with the same mobile (or e-mail) and its latest orders, and the writes (read state, a reply),
// each with its audit entry in the same transaction. The API routes and the admin page both call
// it, so a change is audited either way.
import type { UserDto } from '@spice/shared/contracts/accounts';
import type { ContactReplyInputValues } from '@spice/shared/contracts/admin';
import { lastTenDigits } from '@spice/shared/validators';
import type { AccountsService } from '../accounts/service.ts';
import type { AuditService } from '../admin/audit.ts';
import type { CustomerOrderService } from '../orders/customer-order.ts';
import type { ContactMessageDto, ContactService } from './service.ts';

export type InboxService = ReturnType<typeof createInboxService>;

const LINKED_ORDERS = 5;

export function createInboxService(deps: {
  contact: ContactService;
  audit: AuditService;
  accounts: Pick<AccountsService, 'findByMobile' | 'findByEmail'>;
  customerOrders: Pick<CustomerOrderService, 'ordersOf'>;
  storeName: () => Promise<string>;
}) {
  const { contact, audit } = deps;

  /** The sender's account (by mobile, else e-mail) and its latest orders. */
  async function linked(m: ContactMessageDto) {
    const user =
      (await deps.accounts.findByMobile(lastTenDigits(m.phone))) ??
      (await deps.accounts.findByEmail(m.email));
    if (!user) return { ...m, customer: null, orders: [] };
    const orders = (await deps.customerOrders.ordersOf(user.id)).slice(0, LINKED_ORDERS);
    return {
      ...m,
      customer: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() },
      orders: orders.map((o) => ({ orderNumber: o.orderNumber, status: o.status, createdAt: o.createdAt })),
    };
  }

  return {
    async inbox(unreadOnly: boolean, page: number, size: number) {
      const found = await contact.inbox(unreadOnly, page, size);
      return { ...found, content: await Promise.all(found.content.map(linked)) };
    },

    async setMessageRead(admin: UserDto, id: number, read: boolean) {
      const message = await contact.setRead(id, read, (before, after, tx) =>
        audit.audit(
          {
            actorUserId: admin.id,
            action: read ? 'message.read' : 'message.unread',
            entity: 'contact_message',
            entityId: id,
            before: { read: before.read },
            after: { read: after.read },
          },
          tx,
        ),
      );
      return linked(message);
    },

    /** Replies by e-mail to the message's sender, in English or Hindi; audited. */
    async reply(admin: UserDto, id: number, input: ContactReplyInputValues) {
      const storeName = await deps.storeName();
      const message = await contact.reply(id, input, { userId: admin.id, storeName }, (reply, tx) =>
        audit.audit(
          {
            actorUserId: admin.id,
            action: 'message.reply',
            entity: 'contact_message',
            entityId: id,
            before: null,
            after: { replyId: reply.id, language: reply.language, length: reply.body.length },
          },
          tx,
        ),
      );
      return linked(message);
    },
  };
}
