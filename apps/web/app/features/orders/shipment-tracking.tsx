// The parcel's journey on the order page: courier, AWB, a link to the courier's own tracking page
// (a new tab, sharing nothing with it) and the courier's updates as a timeline, oldest first.
import type { TrackingDto } from '@spice/shared/contracts/shipping';
import { formatIst } from '@spice/shared/ist';

/** 'IN TRANSIT' → 'In transit': couriers shout, the page does not. */
const sentence = (status: string) => status.charAt(0) + status.slice(1).toLowerCase();

export function ShipmentTracking({ tracking }: { tracking: TrackingDto }) {
  return (
    <div className="order-shipment">
      <h3 className="order-shipment__title">Shipment</h3>
      <p className="order-page__tracking">
        {tracking.courier} · AWB <strong>{tracking.awb}</strong>
      </p>
      {tracking.url ? (
        <p>
          <a
            className="button order-shipment__track"
            href={tracking.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            Track on {tracking.courier}
          </a>
        </p>
      ) : null}
      {tracking.events.length > 0 ? (
        <ol className="order-timeline" aria-label="Courier updates">
          {tracking.events.map((e) => (
            <li key={`${e.status}-${e.at}`} className="order-timeline__step">
              <strong>{sentence(e.status)}</strong>
              <time dateTime={e.at}>{formatIst(e.at)}</time>
              {e.location ? <span className="order-shipment__where">{e.location}</span> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="order-shipment__none">The courier has not sent updates yet.</p>
      )}
    </div>
  );
}
