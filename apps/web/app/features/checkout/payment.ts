// Opens the payment window: Razorpay's own checkout script in real mode, the built-in test-mode
// dialog when the server runs the simulated gateway. Both end in onPaid or onDismiss.
import type { PaymentOrderDto } from '@spice/shared/contracts/commerce';

export interface PaymentResult {
  razorpayOrderId: string;
  razorpayPaymentId: string;
  razorpaySignature: string;
}

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => { open(): void };
  }
}

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export function loadRazorpayScript(): Promise<boolean> {
  if (window.Razorpay) return Promise.resolve(true);
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve(Boolean(window.Razorpay));
    script.onerror = () => resolve(false);
    document.body.appendChild(script);
  });
}

export function openRazorpay(
  order: PaymentOrderDto,
  prefill: { name: string; email: string; contact: string },
  storeName: string,
  handlers: { onPaid: (result: PaymentResult) => void; onDismiss: () => void },
): void {
  const Razorpay = window.Razorpay!;
  new Razorpay({
    key: order.keyId,
    amount: order.amount,
    currency: order.currency,
    order_id: order.orderId,
    name: storeName,
    prefill,
    theme: { color: '#8f3d06' },
    handler: (r: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) =>
      handlers.onPaid({
        razorpayOrderId: r.razorpay_order_id,
        razorpayPaymentId: r.razorpay_payment_id,
        razorpaySignature: r.razorpay_signature,
      }),
    modal: { ondismiss: handlers.onDismiss },
  }).open();
}
