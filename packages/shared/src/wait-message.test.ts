import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tooManyRequestsMessage, waitAmount } from './message-functions.ts';
import { toHindi } from './texts-hi.ts';

describe('tooManyRequestsMessage', () => {
  it.each([
    [1, 'Too many requests. Please try again in 1 second.'],
    [0.2, 'Too many requests. Please try again in 1 second.'],
    [25, 'Too many requests. Please try again in 25 seconds.'],
    [59, 'Too many requests. Please try again in 59 seconds.'],
    [60, 'Too many requests. Please try again in 1 minute.'],
    [61, 'Too many requests. Please try again in 2 minutes.'],
    [900, 'Too many requests. Please try again in 15 minutes.'],
    [3600, 'Too many requests. Please try again in 60 minutes.'],
    [5400, 'Too many requests. Please try again in 90 minutes.'],
    [5401, 'Too many requests. Please try again in 2 hours.'],
    [86_400, 'Too many requests. Please try again in 24 hours.'],
  ])('%s s: %s', (seconds, text) => {
    expect(tooManyRequestsMessage(seconds)).toBe(text);
  });

  it('never says a wait shorter than the real one, and says it in Hindi too', () => {
    const unitSeconds = { second: 1, minute: 60, hour: 3600 } as const;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 * 86_400 }), (seconds) => {
        const { n, unit } = waitAmount(seconds);
        expect(n * unitSeconds[unit]).toBeGreaterThanOrEqual(seconds);
        // Rounded up by less than one unit.
        expect((n - 1) * unitSeconds[unit]).toBeLessThan(seconds);
        const hindi = toHindi(tooManyRequestsMessage(seconds));
        expect(hindi).toContain(`कृपया ${n} `);
      }),
    );
    expect(toHindi(tooManyRequestsMessage(900))).toBe(
      'बहुत ज़्यादा अनुरोध आ गए हैं। कृपया 15 मिनट बाद फिर कोशिश करें।',
    );
  });
});
