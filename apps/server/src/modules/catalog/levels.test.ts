// Stock levels heard out of commit order (levels.ts): a level older than the newest heard for its
// variant is left out, on a value loaded before or after the newer one; levels without a stamp
// (the old two-element message) are applied as heard.
import { describe, expect, it } from 'vitest';
import { createLocalBus } from '../../lib/invalidation-bus.ts';
import { createSnapshot } from '../../lib/snapshot.ts';
import { levelsChange, type StockLevel, type StockLevels, levelsPayload as sentPayload } from './levels.ts';

const levelsPayload = (levels: StockLevel[]) => sentPayload(levels)!;
const at = (ms: number) => `20261127080000${String(ms * 1000).padStart(6, '0')}`;

function heard(newest: Map<number, string>, levels: StockLevels, ...payloads: string[]): StockLevels {
  return payloads.reduce((value, payload) => levelsChange(newest, payload)(value), levels);
}

describe('stock levels heard out of order', () => {
  it('leaves out a level older than the newest heard for its variant', () => {
    const newest = new Map<number, string>();
    const levels = heard(
      newest,
      new Map([
        [1, 102],
        [2, 50],
      ]),
      levelsPayload([{ variantId: 1, stock: 100, stamp: at(2) }]),
      levelsPayload([
        { variantId: 1, stock: 101, stamp: at(1) },
        { variantId: 2, stock: 49, stamp: at(1) },
      ]),
    );
    expect([...levels]).toEqual([
      [1, 100],
      [2, 49],
    ]);
    expect(newest.get(1)).toBe(at(2));
  });

  it('applies a level with the same stamp or none, in the order heard', () => {
    const newest = new Map<number, string>();
    const levels = heard(
      newest,
      new Map([[1, 10]]),
      levelsPayload([{ variantId: 1, stock: 9, stamp: at(5) }]),
      levelsPayload([{ variantId: 1, stock: 8, stamp: at(5) }]),
    );
    expect(levels.get(1)).toBe(8);
    expect(heard(newest, levels, levelsPayload([{ variantId: 1, stock: 12 }])).get(1)).toBe(12);
  });

  it('reads the two-element message', () => {
    const payload = JSON.stringify([
      [3, 7],
      [4, 1],
    ]);
    expect([...heard(new Map(), new Map(), payload)]).toEqual([
      [3, 7],
      [4, 1],
    ]);
  });

  it('sends a variant once (its last level), and nothing (a reload) for no change or one too long for a NOTIFY', () => {
    const twice = levelsPayload([
      { variantId: 3, stock: 9, stamp: at(1) },
      { variantId: 4, stock: 2 },
      { variantId: 3, stock: 6, stamp: at(2) },
    ]);
    expect(JSON.parse(twice)).toEqual([
      [3, 6, at(2)],
      [4, 2],
    ]);
    expect(sentPayload([])).toBeUndefined();
    const batch = (n: number) =>
      sentPayload(Array.from({ length: n }, (_, i) => ({ variantId: 1000 + i, stock: 100, stamp: at(i) })));
    expect(batch(150)).toBeDefined();
    expect(batch(400)).toBeUndefined();
  });

  it('answers the same levels when every level in a change is older', () => {
    const newest = new Map([[1, at(9)]]);
    const levels = new Map([[1, 5]]);
    expect(heard(newest, levels, levelsPayload([{ variantId: 1, stock: 6, stamp: at(3) }]))).toBe(levels);
  });

  it('refuses a message it cannot read', () => {
    for (const payload of ['{}', '[[1]]', '[[1, 2, 3]]', '[["1", 2]]', '[[1, 2, "x", 4]]', 'nope'])
      expect(() => levelsChange(new Map(), payload), payload).toThrow();
  });

  it('keeps the newest stamp across loads: a late older level does not undo a load that saw the newer', async () => {
    let stored = 102;
    let loads = 0;
    let clock = 0;
    const newest = new Map<number, string>();
    const snapshot = createSnapshot(
      async () => {
        loads++;
        return new Map([[1, stored]]);
      },
      60_000,
      {
        shared: { bus: createLocalBus(), topic: 'levels' },
        apply: (payload) => levelsChange(newest, payload),
        confirmMs: 1000,
        now: () => clock,
      },
    );
    expect((await snapshot.get()).get(1)).toBe(102);
    // Two purchases: 101 then 100 committed; the later is heard first, then the confirming load.
    stored = 100;
    snapshot.invalidate(levelsPayload([{ variantId: 1, stock: 100, stamp: at(2) }]));
    clock = 1000;
    expect((await snapshot.get()).get(1)).toBe(100);
    expect(loads).toBe(2);
    snapshot.invalidate(levelsPayload([{ variantId: 1, stock: 101, stamp: at(1) }]));
    expect((await snapshot.get()).get(1)).toBe(100);
    expect(loads).toBe(2);
  });
});
