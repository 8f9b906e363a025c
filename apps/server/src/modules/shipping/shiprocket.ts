// Shiprocket's REST API (apiv2.shiprocket.in/v1/external): log in for a token (valid 10 days; we
// keep it 9 and log in again on a 401), create an adhoc order, assign an AWB, generate the label,
// and read tracking. The base URL is a setting so tests point it at a loopback fake.
import { AppError } from '../../plugins/errors.ts';
import type { BookedParcel, CourierAdapter, CourierEvent, NdrInstruction, Parcel } from './courier.ts';
import { parseCourierTime } from './webhook.ts';

export interface ShiprocketOptions {
  baseUrl: string;
  email: string;
  password: string;
  pickupLocation: string;
  timeoutMs: number;
  now?: () => number;
}

const TOKEN_TTL_MS = 9 * 24 * 60 * 60 * 1000;
/** One standard carton for spice orders (cm); couriers bill the greater of dead and volumetric weight. */
export const BOX_CM = { length: 20, breadth: 15, height: 10 };

const rupees = (paise: number) => paise / 100;

/** 'YYYY-MM-DD HH:mm' in IST, as Shiprocket's order_date expects. */
function istStamp(date: Date): string {
  const ist = new Date(date.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 16)}`;
}

export function shiprocketOrderBody(parcel: Parcel, pickupLocation: string) {
  const [first = parcel.customer.name, ...rest] = parcel.customer.name.trim().split(/\s+/);
  return {
    order_id: parcel.orderNumber,
    order_date: istStamp(parcel.orderDate),
    pickup_location: pickupLocation,
    billing_customer_name: first,
    billing_last_name: rest.join(' '),
    billing_address: parcel.address.line,
    billing_city: parcel.address.city,
    billing_pincode: parcel.address.pincode,
    billing_state: parcel.address.state,
    billing_country: 'India',
    billing_email: parcel.customer.email,
    billing_phone: parcel.customer.phone,
    shipping_is_billing: true,
    // Lines refunded in full are not in the parcel.
    order_items: parcel.items
      .filter((i) => i.units > 0)
      .map((i) => ({
        name: i.name,
        sku: i.sku,
        units: i.units,
        selling_price: rupees(i.pricePaise),
      })),
    payment_method: parcel.cod ? 'COD' : 'Prepaid',
    sub_total: rupees(parcel.totalPaise),
    ...BOX_CM,
    weight: parcel.weightGrams / 1000,
  };
}

/**
 * The body of Shiprocket's NDR action (POST /v1/external/ndr/{awb}/action): 're-attempt' with the
 * day (deferred_date), a landmark (address2) and another phone, or 'return' (RTO).
 */
export function shiprocketNdrBody(instruction: NdrInstruction) {
  if (instruction.action === 'RTO') return { action: 'return', comments: instruction.comment };
  return {
    action: 're-attempt',
    comments: instruction.comment,
    ...(instruction.date && { deferred_date: instruction.date }),
    ...(instruction.landmark && { address2: instruction.landmark }),
    ...(instruction.alternatePhone && { phone: instruction.alternatePhone }),
  };
}

export function createShiprocket(options: ShiprocketOptions): CourierAdapter {
  const now = options.now ?? Date.now;
  let token: { value: string; until: number } | null = null;

  async function call(method: string, path: string, body?: unknown, auth = true): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (auth) headers.authorization = `Bearer ${await login()}`;
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch {
      throw new AppError('unavailable', 'Shiprocket did not answer. Please try again in a minute.');
    }
    const json = (await response.json().catch(() => null)) as { message?: unknown } | null;
    if (response.status === 401 && auth && token) {
      token = null; // expired early (password changed, token revoked): one fresh login, then retry
      return call(method, path, body, auth);
    }
    if (!response.ok) {
      const reason = typeof json?.message === 'string' ? json.message : `HTTP ${response.status}`;
      throw new AppError('unavailable', `Shiprocket refused the request: ${reason}`);
    }
    return json;
  }

  async function login(): Promise<string> {
    if (token && token.until > now()) return token.value;
    const answer = (await call(
      'POST',
      '/v1/external/auth/login',
      { email: options.email, password: options.password },
      false,
    )) as { token?: string };
    if (!answer.token) throw new AppError('unavailable', 'Shiprocket refused the login.');
    token = { value: answer.token, until: now() + TOKEN_TTL_MS };
    return answer.token;
  }

  return {
    provider: 'shiprocket',

    async book(parcel): Promise<BookedParcel> {
      const created = (await call(
        'POST',
        '/v1/external/orders/create/adhoc',
        shiprocketOrderBody(parcel, options.pickupLocation),
      )) as { order_id?: number; shipment_id?: number };
      if (!created.shipment_id) throw new AppError('unavailable', 'Shiprocket created no shipment.');
      const assigned = (await call('POST', '/v1/external/courier/assign/awb', {
        shipment_id: created.shipment_id,
      })) as {
        awb_assign_status?: number;
        response?: { data?: { awb_code?: string; courier_name?: string } };
      };
      const data = assigned.response?.data;
      if (assigned.awb_assign_status !== 1 || !data?.awb_code) {
        throw new AppError('unavailable', 'Shiprocket could not assign an AWB to this parcel.');
      }
      const label = (await call('POST', '/v1/external/courier/generate/label', {
        shipment_id: [created.shipment_id],
      })) as { label_created?: number; label_url?: string };
      return {
        courierCode: 'shiprocket',
        courierName: data.courier_name ?? 'Shiprocket',
        awb: String(data.awb_code),
        trackingUrl: `https://shiprocket.co/tracking/${encodeURIComponent(String(data.awb_code))}`,
        providerOrderId: String(created.order_id ?? ''),
        providerShipmentId: String(created.shipment_id),
        ...(label.label_url && { labelUrl: label.label_url }),
      };
    },

    async ndrAction(awb, instruction): Promise<void> {
      await call(
        'POST',
        `/v1/external/ndr/${encodeURIComponent(awb)}/action`,
        shiprocketNdrBody(instruction),
      );
    },

    async track(awb): Promise<CourierEvent[]> {
      const answer = (await call('GET', `/v1/external/courier/track/awb/${encodeURIComponent(awb)}`)) as {
        tracking_data?: {
          shipment_track_activities?: {
            date: string;
            status?: string;
            activity?: string;
            location?: string;
            'sr-status-label'?: string;
          }[];
        };
      };
      const scans = answer.tracking_data?.shipment_track_activities ?? [];
      return scans
        .map((s) => ({
          status: (s['sr-status-label'] ?? s.activity ?? s.status ?? '').trim().toUpperCase(),
          at: parseCourierTime(s.date),
          location: s.location ?? null,
        }))
        .filter((e): e is CourierEvent => e.status !== '' && e.at !== null)
        .sort((a, b) => a.at.getTime() - b.at.getTime());
    },
  };
}
