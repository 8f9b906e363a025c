// Courier adapters behind one interface (like media/storage.ts): `manual`, always there, records
// the courier and AWB the admin typed; Shiprocket, when SHIPROCKET_EMAIL/PASSWORD are set, books
// the parcel through its API and is offered as the automatic choice beside the manual list.
import { courierByCode, trackingUrl } from '@spice/shared/shipping';
import type { Config } from '../../plugins/config.ts';
import { createShiprocket } from './shiprocket.ts';

/** What a courier needs to know about one parcel. Money in paise. */
export interface Parcel {
  orderNumber: string;
  orderDate: Date;
  cod: boolean;
  /** What the courier collects at the door (0 when prepaid). */
  codAmountPaise: number;
  totalPaise: number;
  customer: { name: string; phone: string; email: string };
  address: { line: string; city: string; state: string; pincode: string };
  /** `units`: to ship (ordered less refunded); `ordered` and `refunded` as the packing slip shows them. */
  items: {
    name: string;
    sku: string;
    units: number;
    ordered: number;
    refunded: number;
    pricePaise: number;
    /** The batches the line was packed from (issue 39); empty before packing. */
    batches?: { batchNumber: string; bestBefore: string; quantity: number }[];
  }[];
  weightGrams: number;
}

export interface BookedParcel {
  courierCode: string;
  courierName: string;
  awb: string;
  trackingUrl: string | null;
  providerOrderId?: string;
  providerShipmentId?: string;
  labelUrl?: string;
}

export interface CourierEvent {
  status: string;
  at: Date;
  location: string | null;
}

/** What to do after a failed delivery attempt (NDR): try again (on a day, with details) or return. */
export type NdrInstruction =
  | {
      action: 'REATTEMPT';
      /** 'YYYY-MM-DD', the day asked for; absent: the courier's next run. */
      date?: string | undefined;
      landmark?: string | undefined;
      alternatePhone?: string | undefined;
      comment: string;
    }
  | { action: 'RTO'; comment: string };

export interface CourierAdapter {
  readonly provider: 'manual' | 'shiprocket';
  book(parcel: Parcel, choice: { courier: string; awb?: string }): Promise<BookedParcel>;
  /** The courier's scans for an AWB, oldest first (not every adapter can ask). */
  track?(awb: string): Promise<CourierEvent[]>;
  /**
   * Tells the courier what to do with a parcel it failed to deliver. The manual courier has none:
   * the back office phones the courier and records the answer.
   */
  ndrAction?(awb: string, instruction: NdrInstruction): Promise<void>;
}

export const manualCourier: CourierAdapter = {
  provider: 'manual',
  async book(_parcel, { courier, awb }) {
    const code = courier === 'auto' ? 'other' : courier;
    const value = (awb ?? '').trim();
    return {
      courierCode: code,
      courierName: courierByCode(code).name,
      awb: value,
      trackingUrl: trackingUrl(code, value),
    };
  },
};

/** The courier API that books parcels by itself, when one is configured. */
export function createAutomaticCourier(config: Config): CourierAdapter | null {
  if (config.SHIPROCKET_EMAIL && config.SHIPROCKET_PASSWORD) {
    return createShiprocket({
      baseUrl: config.SHIPROCKET_BASE_URL,
      email: config.SHIPROCKET_EMAIL,
      password: config.SHIPROCKET_PASSWORD,
      pickupLocation: config.SHIPROCKET_PICKUP_LOCATION,
      timeoutMs: config.SHIPPING_TIMEOUT_MS,
    });
  }
  return null;
}
