import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContactInput, contactPhoneDigits, contactProblems } from './contracts/contact.ts';
import { ReviewForm } from './contracts/reviews.ts';
import { barColour, barPercent, emptyCounts, pageCount, summarizeCounts } from './reviews.ts';

describe('rating summary', () => {
  it('is zero without reviews', () => {
    expect(summarizeCounts(emptyCounts())).toEqual({ average: 0, count: 0 });
  });
  it('averages to one decimal, half up', () => {
    // 5 + 4 = 9 / 2 = 4.5; 5+5+4+4+4+4+4+4 = 34 / 8 = 4.25 -> 4.3; 5+4+4 = 13/3 = 4.333 -> 4.3
    expect(summarizeCounts({ ...emptyCounts(), '5': 1, '4': 1 })).toEqual({ average: 4.5, count: 2 });
    expect(summarizeCounts({ ...emptyCounts(), '5': 2, '4': 6 })).toEqual({ average: 4.3, count: 8 });
    expect(summarizeCounts({ ...emptyCounts(), '5': 1, '4': 2 })).toEqual({ average: 4.3, count: 3 });
    expect(summarizeCounts({ ...emptyCounts(), '1': 1 })).toEqual({ average: 1, count: 1 });
  });
  it('always lies between 1 and 5 when there are reviews', () => {
    const n = fc.nat({ max: 1000 });
    fc.assert(
      fc.property(n, n, n, n, n, (a, b, c, d, e) => {
        const { average, count } = summarizeCounts({ '1': a, '2': b, '3': c, '4': d, '5': e });
        return count === 0 ? average === 0 : average >= 1 && average <= 5 && count === a + b + c + d + e;
      }),
    );
  });
});

describe('rating bars', () => {
  it('are green for 3 to 5, yellow for 2 and red for 1', () => {
    expect([5, 4, 3, 2, 1].map(barColour)).toEqual(['green', 'green', 'green', 'yellow', 'red']);
  });
  it('are a whole percentage of all reviews', () => {
    expect(barPercent(1, 3)).toBe(33);
    expect(barPercent(2, 3)).toBe(67);
    expect(barPercent(0, 0)).toBe(0);
  });
  it('page count is at least one', () => {
    expect([0, 1, 10, 11, 20, 21].map((n) => pageCount(n, 10))).toEqual([1, 1, 1, 2, 2, 3]);
  });
});

describe('the review form', () => {
  const base = { productId: 1, rating: 5, description: 'Good.', name: 'Asha Rao', email: 'asha@example.in' };
  it('needs the name and an e-mail that looks like an address', () => {
    expect(ReviewForm.safeParse(base).success).toBe(true);
    expect(ReviewForm.safeParse({ ...base, name: ' ' }).error?.issues[0]?.message).toBe('Name is required.');
    expect(ReviewForm.safeParse({ ...base, email: 'asha' }).error?.issues[0]?.message).toBe(
      'Enter a valid email.',
    );
  });
  it('reports the rating first when nothing is filled in', () => {
    const result = ReviewForm.safeParse({
      productId: 1,
      rating: 0,
      description: '',
      name: 'A',
      email: 'a@b.in',
    });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Please select a rating.',
      'Description is required.',
    ]);
  });
});

describe('the contact message', () => {
  it('reads 10 digits with or without +91', () => {
    expect(contactPhoneDigits('9876543210')).toBe('9876543210');
    expect(contactPhoneDigits('+91 98765-43210')).toBe('9876543210');
    expect(contactPhoneDigits('919876543210')).toBe('9876543210');
    // A number that itself starts with 91 is still 10 digits.
    expect(contactPhoneDigits('9191919191')).toBe('9191919191');
    expect(contactPhoneDigits('+9198765')).toBeNull();
  });
  it('is passed on trimmed with +91', () => {
    expect(
      ContactInput.parse({ name: ' Ravi ', email: 'ravi@example.in', phone: '98765 43210', message: ' Hi ' }),
    ).toEqual({ name: 'Ravi', email: 'ravi@example.in', phone: '+919876543210', message: 'Hi' });
  });
  it('names each problem by field', () => {
    const result = ContactInput.safeParse({ name: 'Ravi', email: 'x', phone: '12', message: 'Hi' });
    expect(contactProblems(result.error!)).toEqual({
      message: 'Please enter a valid email address.',
      errors: {
        email: 'Please enter a valid email address.',
        phone: 'Please enter a valid 10-digit phone number.',
      },
    });
  });
});
