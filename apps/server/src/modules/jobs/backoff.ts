// How long a failed job waits before its next attempt: doubling from `baseMs`, capped, so a
// provider that is down for an hour is asked a handful of times, not thousands.
export function retryDelayMs(attempt: number, baseMs = 5_000, capMs = 3_600_000): number {
  if (attempt < 1) return baseMs;
  return Math.min(capMs, baseMs * 2 ** Math.min(attempt - 1, 30));
}
