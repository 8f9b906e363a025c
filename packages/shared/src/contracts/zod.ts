// Zod as the contracts use it: the same API, except that every string refuses what no client has
// a reason to send and PostgreSQL cannot store (a NUL) or UTF-8 cannot carry (a lone surrogate).
// Contracts import `* as z` from here, so the rule holds for every text field, path parameter and
// query string, in the API and in the storefront's forms and actions alike.
import * as zod from 'zod';
import { MESSAGES } from '../messages.ts';

export * from 'zod';

// Zod compiles object parsers with `new Function` where it may; the shop's Content-Security-Policy
// allows no eval, and merely probing for it logs a violation in the browser. The server keeps the
// faster compiled parsers.
if (typeof document !== 'undefined') zod.config({ jitless: true });

/** Text a client may send: no NUL and no unpaired UTF-16 surrogate. */
export function isClientText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/**
 * The largest value of a PostgreSQL integer column (every id, version, quantity and paise amount):
 * a contract bounds its integers by it, so a bigger one is a 400, never a database error.
 */
export const INT4_MAX = 2_147_483_647;
export const OUT_OF_RANGE = MESSAGES.numberOutOfRange;

/** A number a client may send: finite (Zod's own rule) and exact as a JavaScript number. */
export function isClientNumber(value: number): boolean {
  return Math.abs(value) <= Number.MAX_SAFE_INTEGER;
}

// Local exports win over the `export *` above: z.string(), z.number() and z.coerce.number() are
// Zod's with the rules.
export const string: typeof zod.string = ((params?: Parameters<typeof zod.string>[0]) =>
  zod.string(params).refine(isClientText, MESSAGES.unsupportedCharacters)) as typeof zod.string;

export const number: typeof zod.number = ((params?: Parameters<typeof zod.number>[0]) =>
  zod.number(params).refine(isClientNumber, MESSAGES.numberOutOfRange)) as typeof zod.number;

export const coerce: typeof zod.coerce = {
  ...zod.coerce,
  number: ((params?: Parameters<typeof zod.coerce.number>[0]) =>
    zod.coerce.number(params).refine(isClientNumber, MESSAGES.numberOutOfRange)) as typeof zod.coerce.number,
};
