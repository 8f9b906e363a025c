// Facts for template tests and previews: an order of two lines, with a store that is not the
// demo brand, so a text that hard-codes the brand shows up.
import type { OrderFacts } from '../orders/order-facts.ts';
import type { OrderMessageEvent } from './order-messages.ts';
import type { MessageFacts, StoreFacts } from './templates.ts';

export const STORE: StoreFacts = {
  name: 'Masala Ghar',
  logoUrl: 'https://shop.example.in/images/logo.png',
  siteUrl: 'https://shop.example.in',
  email: 'help@masalaghar.example',
  phone: '+91 98765 43210',
};

export function orderFacts(overrides: Partial<OrderFacts> = {}): OrderFacts {
  return {
    orderNumber: 'KC261123-ABC234',
    userId: 1,
    status: 'PLACED',
    paymentMode: 'RAZORPAY',
    language: 'en',
    createdAt: new Date('2026-11-23T10:00:00Z'),
    customer: { name: 'Meera Nair', email: 'meera@example.in', mobile: '9123456780' },
    address: {
      name: 'Meera Nair',
      phone: '9123456780',
      type: 'Home',
      fullAddress: '7, Princess Street, Fort Kochi, Kochi, Kerala, 682001',
      pincode: '682001',
    },
    lines: [
      {
        itemId: 1,
        productId: 11,
        productName: 'Garam Masala',
        variant: '100g',
        quantity: 2,
        pricePaise: 12000,
      },
      {
        itemId: 2,
        productId: 12,
        productName: 'Haldi Powder',
        variant: '200g',
        quantity: 1,
        pricePaise: 9050,
      },
    ],
    totals: {
      mrpTotalPaise: 38000,
      subtotalPaise: 33050,
      couponCode: 'WELCOME10',
      couponDiscountPaise: 3305,
      deliveryPaise: 4000,
      platformFeePaise: 500,
      codFeePaise: 0,
      prepaidDiscountPaise: 0,
      totalPaise: 34245,
    },
    tracking: null,
    estimatedDelivery: { from: '2026-11-26', to: '2026-11-28' },
    preferences: { email: true, whatsapp: false },
    ...overrides,
  };
}

export function facts(event: OrderMessageEvent, overrides: Partial<MessageFacts> = {}): MessageFacts {
  return { event, store: STORE, order: orderFacts(), refundAmountPaise: null, ...overrides };
}
