// A 5xx from a test app fails the test that got it (vitest.setup.ts checks after each test),
// unless the test said it provokes one: an unexpected 500 is a bug even when no assertion looks
// at the status.

const state = globalThis as typeof globalThis & { __serverErrors?: { seen: string[]; allowed: boolean } };

function current() {
  state.__serverErrors ??= { seen: [], allowed: false };
  return state.__serverErrors;
}

export function recordServerError(what: string) {
  const errors = current();
  if (!errors.allowed) errors.seen.push(what);
}

/** For a test that provokes a 5xx on purpose (a provider down, a crash): the current test only. */
export function expectServerErrors() {
  current().allowed = true;
}

/** The unexpected 5xx answers since the last call, and the allowance reset (for the next test). */
export function takeServerErrors(): string[] {
  const errors = current();
  const seen = errors.seen;
  errors.seen = [];
  errors.allowed = false;
  return seen;
}
