// The parcel's journey on the order page: courier, AWB, a link to the courier's own tracking page
// (a new tab, sharing nothing with it) and the courier's updates as a timeline, oldest first.
import type { TrackingDto } from '@spice/shared/contracts/shipping';
import { useT } from '../../i18n';
import { useOrderLabels } from './labels';

/** Our own events for a failed delivery and its answer (issue 34), named in the page's language. */
const NDR_EVENTS = ['DELIVERY_FAILED', 'REATTEMPT_REQUESTED', 'RTO_REQUESTED'] as const;
const isNdrEvent = (status: string): status is (typeof NDR_EVENTS)[number] =>
  (NDR_EVENTS as readonly string[]).includes(status);

/** 'IN TRANSIT' → 'In transit': couriers shout, the page does not. */
const sentence = (status: string) => status.charAt(0) + status.slice(1).toLowerCase();

/** `delivered`: the parcel arrived, so no courier updates is nothing to wait for. */
export function ShipmentTracking({
  tracking,
  delivered = false,
}: {
  tracking: TrackingDto;
  delivered?: boolean;
}) {
  const t = useT();
  const labels = useOrderLabels();
  return (
    <div className="order-shipment">
      <h3 className="order-shipment__title">{t('tracking.shipment')}</h3>
      <p className="order-page__tracking">
        {tracking.courier} · {t('tracking.awb')} <strong>{tracking.awb}</strong>
      </p>
      {tracking.url ? (
        <p>
          <a
            className="button order-shipment__track"
            href={tracking.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('tracking.trackOn', { courier: tracking.courier })}
          </a>
        </p>
      ) : null}
      {tracking.events.length > 0 ? (
        <ol className="order-timeline" aria-label={t('tracking.updates')}>
          {tracking.events.map((e) => (
            <li key={`${e.status}-${e.at}`} className="order-timeline__step">
              <strong>
                {isNdrEvent(e.status) ? t(`deliveryIssue.events.${e.status}`) : sentence(e.status)}
              </strong>
              <time dateTime={e.at}>{labels.dateTime(e.at)}</time>
              {e.location ? <span className="order-shipment__where">{e.location}</span> : null}
              {e.status === 'DELIVERY_FAILED' && e.detail ? (
                <span className="order-shipment__where">{e.detail}</span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : delivered ? null : (
        <p className="order-shipment__none">{t('tracking.none')}</p>
      )}
    </div>
  );
}
