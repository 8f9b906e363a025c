// The order's steps on its page (issue 32): those reached with their time on an Indian clock, the
// ones to come greyed, and the day delivery is expected on the last until it is reached.
import type { OrderDetailDto } from '@spice/shared/contracts/commerce';
import { deliveryDay } from '@spice/shared/delivery';
import { orderTimeline, type TimelineStepKey } from '@spice/shared/order-timeline';
import { type MessageKey, useLang, useT } from '../../i18n';
import { useOrderLabels } from './labels';

const STEP_KEYS: Record<TimelineStepKey, MessageKey> = {
  PLACED: 'order.statusPLACED',
  CONFIRMED: 'order.statusCONFIRMED',
  PACKED: 'order.statusPACKED',
  SHIPPED: 'order.statusSHIPPED',
  OUT_FOR_DELIVERY: 'order.statusOUT_FOR_DELIVERY',
  DELIVERED: 'order.statusDELIVERED',
  CANCELLED: 'order.statusCANCELLED',
  RTO: 'order.statusRTO',
};

export function OrderTimeline({ order }: { order: OrderDetailDto }) {
  const t = useT();
  const lang = useLang();
  const labels = useOrderLabels();
  const steps = orderTimeline({
    status: order.orderStatus,
    history: order.statusHistory,
    trackingEvents: order.tracking?.events ?? [],
    estimatedDelivery: order.estimatedDelivery,
  });
  return (
    <ol className="order-timeline">
      {steps.map((step) => (
        <li
          key={step.key}
          className={`order-timeline__step order-timeline__step--${step.state} status-step--${step.key.toLowerCase()}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <strong>{t(STEP_KEYS[step.key])}</strong>
          {step.at ? (
            <time dateTime={step.at}>{labels.dateTime(step.at)}</time>
          ) : step.expected ? (
            <span className="order-timeline__expected">
              {t('order.deliveredBy', { date: deliveryDay(step.expected, lang) })}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
