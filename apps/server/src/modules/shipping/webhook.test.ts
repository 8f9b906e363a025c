import { orderStatusForCourierStatus } from '@spice/shared/shipping';
import { describe, expect, it } from 'vitest';
import { parseCourierTime, readShiprocketEvent, tokenMatches } from './webhook.ts';

describe('courier status mapping', () => {
  it.each([
    ['PICKED UP', null],
    ['IN TRANSIT', null],
    ['Out For Delivery', null],
    ['DELIVERED', 'DELIVERED'],
    ['delivered', 'DELIVERED'],
    ['RTO INITIATED', 'RTO'],
    ['RTO_DELIVERED', 'RTO'],
    ['RTO IN TRANSIT', 'RTO'],
    ['UNDELIVERED', null],
  ])('%s moves the order to %s', (status, expected) => {
    expect(orderStatusForCourierStatus(status)).toBe(expected);
  });
});

describe('reading a courier time', () => {
  it('takes day-first and ISO-like local times as IST, and zoned times as they are', () => {
    expect(parseCourierTime('23 05 2026 11:43:52')?.toISOString()).toBe('2026-05-23T06:13:52.000Z');
    expect(parseCourierTime('2026-05-19 11:59:16')?.toISOString()).toBe('2026-05-19T06:29:16.000Z');
    expect(parseCourierTime('2026-05-19T11:59:16Z')?.toISOString()).toBe('2026-05-19T11:59:16.000Z');
    expect(parseCourierTime('2026-05-19')).toBeNull();
    expect(parseCourierTime('32 13 2026 10:00:00')).toBeNull();
    expect(parseCourierTime(12)).toBeNull();
  });
});

describe('the webhook token', () => {
  it('matches only the configured token, exactly', () => {
    expect(tokenMatches('secret-token-123456', 'secret-token-123456')).toBe(true);
    expect(tokenMatches('secret-token-123456', 'secret-token-12345')).toBe(false);
    expect(tokenMatches('secret-token-123456', ['secret-token-123456'])).toBe(false);
    expect(tokenMatches(undefined, '')).toBe(false);
  });
});

describe("reading Shiprocket's payload", () => {
  it('takes the AWB (number or text), the current status upper-cased and the latest scan location', () => {
    expect(
      readShiprocketEvent({
        awb: 19041211125783,
        current_status: 'In Transit',
        current_timestamp: '23 05 2026 11:43:52',
        scans: [{ location: 'Chomu' }, { location: ' Jaipur Hub ' }],
      }),
    ).toEqual({
      awb: '19041211125783',
      status: 'IN TRANSIT',
      at: new Date('2026-05-23T06:13:52.000Z'),
      location: 'Jaipur Hub',
      detail: null,
    });
    expect(
      readShiprocketEvent({ awb: '1', shipment_status: 'DELIVERED', current_timestamp: '2026-05-19 10:00' }),
    ).toMatchObject({
      status: 'DELIVERED',
      location: null,
    });
    expect(readShiprocketEvent(null)).toBeNull();
    expect(
      readShiprocketEvent({ awb: '', current_status: 'X', current_timestamp: '2026-05-19 10:00' }),
    ).toBeNull();
  });

  it("records Shiprocket's undelivered attempt as DELIVERY_FAILED with the courier's reason", () => {
    expect(
      readShiprocketEvent({
        awb: '141123221084922',
        current_status: 'UNDELIVERED',
        current_status_id: 21,
        current_timestamp: '24 11 2026 18:05:00',
        scans: [
          { location: 'Pune_Camp', activity: 'Out for delivery' },
          { location: 'Pune_Camp', activity: 'Consignee unavailable - door locked' },
        ],
      }),
    ).toEqual({
      awb: '141123221084922',
      status: 'DELIVERY_FAILED',
      at: new Date('2026-11-24T12:35:00.000Z'),
      location: 'Pune_Camp',
      detail: 'Consignee unavailable - door locked',
    });
    expect(
      readShiprocketEvent({
        awb: '1',
        current_status: 'Undelivered-2nd Attempt',
        current_timestamp: '2026-11-25 10:00',
      }),
    ).toMatchObject({ status: 'DELIVERY_FAILED', detail: 'UNDELIVERED-2ND ATTEMPT' });
  });
});
