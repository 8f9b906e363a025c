import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { ContactInput } from './contact.ts';
import * as z from './zod.ts';

describe("the contracts' Zod", () => {
  it('refuses a NUL or an unpaired surrogate in any string, with the field named', () => {
    const schema = z.object({ name: z.string().trim().min(1) });
    for (const bad of ['a\u0000b', '\u0000', 'a\uD800', '\uDC00b', '\uDC00\uD800']) {
      const result = schema.safeParse({ name: bad });
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ['name'],
        message: MESSAGES.unsupportedCharacters,
      });
    }
    // Paired surrogates (emoji) and every other character are text like any other.
    expect(schema.parse({ name: 'Masala 🌶️ मसाला' })).toEqual({ name: 'Masala 🌶️ मसाला' });
  });

  it('accepts every well-formed string without a NUL, and nothing else', () => {
    const text = z.string();
    fc.assert(
      fc.property(
        fc
          .array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.constantFrom(0, 0xd800, 0xdc00)), {
            maxLength: 12,
          })
          .map((units) => String.fromCharCode(...units)),
        (value) => {
          expect(text.safeParse(value).success).toBe(!value.includes('\u0000') && value.isWellFormed());
        },
      ),
    );
  });

  it('refuses numbers no JavaScript number holds exactly, coerced or not', () => {
    for (const schema of [z.number(), z.coerce.number()]) {
      for (const bad of [1e308, -1e308, 2 ** 53])
        expect(schema.safeParse(bad).success, String(bad)).toBe(false);
      expect(schema.parse(2 ** 53 - 1)).toBe(2 ** 53 - 1);
    }
    expect(z.coerce.number().safeParse('1e308').success).toBe(false);
  });

  it('applies to the contracts the forms and the API share', () => {
    const result = ContactInput.safeParse({
      name: 'Asha',
      email: 'asha@example.in',
      phone: '9876543210',
      message: 'Hello\u0000',
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['message']);
  });
});
