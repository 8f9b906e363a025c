import { describe, expect, it } from 'vitest';
import { countOf } from './meta';

describe('countOf', () => {
  it('says one thing in the singular and every other count in the plural', () => {
    expect(countOf(1, 'message')).toBe('1 message');
    expect(countOf(0, 'message')).toBe('0 messages');
    expect(countOf(2, 'order')).toBe('2 orders');
    expect(countOf(3, 'entry', 'entries')).toBe('3 entries');
  });
});
