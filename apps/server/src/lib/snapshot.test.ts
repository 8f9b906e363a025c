// A snapshot given `apply` takes a change as data (lib/snapshot.ts): applied without a load,
// dropped when it cannot be read, and confirmed by one load `confirmMs` after the first patch.
import { describe, expect, it } from 'vitest';
import { createLocalBus } from './invalidation-bus.ts';
import { createSnapshot, dataGeneration } from './snapshot.ts';

function counted(options: { confirmMs?: number; now?: () => number } = {}) {
  let loads = 0;
  let stored = { a: 1, b: 2 };
  const snapshot = createSnapshot(
    async () => {
      loads++;
      return { ...stored };
    },
    60_000,
    {
      shared: { bus: createLocalBus(), topic: 'levels' },
      apply: (payload) => {
        const change = JSON.parse(payload) as object;
        return (value) => ({ ...value, ...change });
      },
      ...options,
    },
  );
  return {
    snapshot,
    loads: () => loads,
    store: (next: typeof stored) => {
      stored = next;
    },
  };
}

describe('a snapshot that applies changes', () => {
  it('applies a change sent with its invalidation without loading again', async () => {
    const s = counted();
    expect(await s.snapshot.get()).toEqual({ a: 1, b: 2 });
    const generation = dataGeneration();
    s.snapshot.invalidate('{"a":5}');
    expect(await s.snapshot.get()).toEqual({ a: 5, b: 2 });
    expect(s.loads()).toBe(1);
    expect(dataGeneration()).toBeGreaterThan(generation);
  });

  it('loads again on an invalidation without a change, or with one it cannot read', async () => {
    const s = counted();
    await s.snapshot.get();
    s.store({ a: 3, b: 4 });
    s.snapshot.invalidate();
    expect(await s.snapshot.get()).toEqual({ a: 3, b: 4 });
    s.store({ a: 7, b: 8 });
    s.snapshot.invalidate('not json');
    expect(await s.snapshot.get()).toEqual({ a: 7, b: 8 });
    expect(s.loads()).toBe(3);
  });

  it('applies a change arriving while it loads on top of what the load answers', async () => {
    const s = counted();
    const loading = s.snapshot.get();
    s.snapshot.invalidate('{"b":9}');
    await loading;
    expect(await s.snapshot.get()).toEqual({ a: 1, b: 9 });
    expect(s.loads()).toBe(1);
  });

  it('loads a patched value again once, confirmMs after its first patch', async () => {
    let clock = 0;
    const s = counted({ confirmMs: 1000, now: () => clock });
    await s.snapshot.get();
    s.snapshot.invalidate('{"a":5}');
    clock = 600;
    s.snapshot.invalidate('{"a":4}');
    expect(await s.snapshot.get()).toEqual({ a: 4, b: 2 });
    expect(s.loads()).toBe(1);
    // The database says otherwise (a change heard out of order): the confirming load shows it.
    s.store({ a: 3, b: 2 });
    clock = 1000;
    expect(await s.snapshot.get()).toEqual({ a: 3, b: 2 });
    expect(await s.snapshot.get()).toEqual({ a: 3, b: 2 });
    expect(s.loads()).toBe(2);
  });
});
