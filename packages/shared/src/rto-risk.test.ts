import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codNotForThisOrder,
  DEFAULT_RTO_RISK_SETTINGS,
  levelOf,
  RTO_RISK_LEVELS,
  RTO_RISK_REASONS,
  type RtoRiskFacts,
  rtoRisk,
} from './rto-risk.ts';

/** A returning shopper with a good record, an ordinary amount and a full address: no reason. */
const calm: RtoRiskFacts = {
  earlierCodOrders: 3,
  amountPaise: 50000,
  p90AmountPaise: 120000,
  pincode: { finished: 40, returned: 4 },
  area: { finished: 300, returned: 30 },
  earlierCancellations: 0,
  earlierRtos: 0,
  addressLine: '12, 4th Cross, Indiranagar 2nd Stage',
};
const settings = DEFAULT_RTO_RISK_SETTINGS;

describe('rtoRisk', () => {
  // [what differs from a calm order, expected level, expected reasons]
  const table: [string, Partial<RtoRiskFacts>, string, string[]][] = [
    ['nothing', {}, 'LOW', []],
    ['first COD order', { earlierCodOrders: 0 }, 'MEDIUM', ['FIRST_COD_ORDER']],
    ['amount above the 90th percentile', { amountPaise: 120001 }, 'MEDIUM', ['HIGH_AMOUNT']],
    ['amount at the 90th percentile', { amountPaise: 120000 }, 'LOW', []],
    ['no percentile yet (new shop)', { amountPaise: 9_999_999, p90AmountPaise: null }, 'LOW', []],
    ['pincode above 30 %', { pincode: { finished: 10, returned: 4 } }, 'MEDIUM', ['PINCODE_RTO_RATE']],
    ['pincode at exactly 30 %', { pincode: { finished: 10, returned: 3 } }, 'LOW', []],
    ['pincode with too few orders', { pincode: { finished: 4, returned: 4 } }, 'LOW', []],
    ['area above 30 %', { area: { finished: 50, returned: 20 } }, 'MEDIUM', ['AREA_RTO_RATE']],
    [
      'pincode and area both: the pincode says it',
      { pincode: { finished: 10, returned: 5 }, area: { finished: 50, returned: 20 } },
      'MEDIUM',
      ['PINCODE_RTO_RATE'],
    ],
    ['earlier cancellations', { earlierCancellations: 1 }, 'MEDIUM', ['PAST_CANCELLATIONS']],
    ['an earlier RTO', { earlierRtos: 1 }, 'HIGH', ['PAST_RTO']],
    ['short address', { addressLine: 'Near temple' }, 'MEDIUM', ['SHORT_ADDRESS']],
    [
      'spaces do not lengthen an address',
      { addressLine: `Near${' '.repeat(30)}temple` },
      'MEDIUM',
      ['SHORT_ADDRESS'],
    ],
    [
      'first order, high amount, short address',
      { earlierCodOrders: 0, amountPaise: 200000, addressLine: 'Main road' },
      'HIGH',
      ['FIRST_COD_ORDER', 'HIGH_AMOUNT', 'SHORT_ADDRESS'],
    ],
    [
      'first order in a bad pincode',
      { earlierCodOrders: 0, pincode: { finished: 6, returned: 3 } },
      'HIGH',
      ['FIRST_COD_ORDER', 'PINCODE_RTO_RATE'],
    ],
  ];
  it.each(table)('%s', (_name, change, level, reasons) => {
    expect(rtoRisk({ ...calm, ...change }, settings)).toEqual({ level, reasons });
  });

  it('follows the settings: the area rate and the shortest address', () => {
    const strict = { ...settings, areaRtoPercent: 5, minAddressLength: 60 };
    expect(rtoRisk(calm, strict).reasons).toEqual(['PINCODE_RTO_RATE', 'SHORT_ADDRESS']);
  });

  it('says the checkout text with the saving', () => {
    expect(codNotForThisOrder(4000)).toBe(
      'Cash on delivery is not available for this order. Pay online and save ₹40.',
    );
  });
});

const area = fc.record({ finished: fc.nat(500), returned: fc.nat(500) }).map((r) => ({
  finished: r.finished,
  returned: Math.min(r.returned, r.finished),
}));
const facts = fc.record({
  earlierCodOrders: fc.nat(20),
  amountPaise: fc.nat(1_000_000),
  p90AmountPaise: fc.option(fc.nat(1_000_000)),
  pincode: area,
  area,
  earlierCancellations: fc.nat(5),
  earlierRtos: fc.nat(5),
  addressLine: fc.string({ maxLength: 80 }),
});
const rank = (l: string) => RTO_RISK_LEVELS.indexOf(l as never);

describe('rtoRisk properties', () => {
  it('the level is what the reasons weigh, LOW exactly when there is none', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const r = rtoRisk(f, settings);
        expect(r.level).toBe(levelOf(r.reasons));
        expect(r.level === 'LOW').toBe(r.reasons.length === 0);
        expect(new Set(r.reasons).size).toBe(r.reasons.length);
      }),
    );
  });

  it('an earlier RTO is always HIGH', () => {
    fc.assert(
      fc.property(facts, (f) => rtoRisk({ ...f, earlierRtos: f.earlierRtos + 1 }, settings).level === 'HIGH'),
    );
  });

  it('one more reason never lowers the level', () => {
    fc.assert(
      fc.property(
        fc.subarray([...RTO_RISK_REASONS]),
        fc.constantFrom(...RTO_RISK_REASONS),
        (reasons, extra) => {
          const more = reasons.includes(extra) ? reasons : [...reasons, extra];
          return rank(levelOf(more)) >= rank(levelOf(reasons));
        },
      ),
    );
  });

  it('more returns to the same pincode never lower the level', () => {
    fc.assert(
      fc.property(facts, fc.nat(50), (f, more) => {
        const worse = {
          ...f,
          pincode: { finished: f.pincode.finished + more, returned: f.pincode.returned + more },
        };
        return rank(rtoRisk(worse, settings).level) >= rank(rtoRisk(f, settings).level);
      }),
    );
  });
});
