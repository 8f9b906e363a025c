// An unexpected console.error fails the test (ARCHITECTURE.md convention 9), and so does an
// unexpected 5xx from a test app (apps/server/src/test/server-errors.ts).
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { takeServerErrors } from './apps/server/src/test/server-errors.ts';

let errorSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
  takeServerErrors();
});

afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  expect(calls, 'unexpected console.error').toEqual([]);
  expect(takeServerErrors(), 'unexpected 5xx answers (call expectServerErrors() if on purpose)').toEqual([]);
});
