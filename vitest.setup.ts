// An unexpected console.error fails the test (ARCHITECTURE.md convention 9).
import { afterEach, beforeEach, expect, vi } from 'vitest';

let errorSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  expect(calls, 'unexpected console.error').toEqual([]);
});
