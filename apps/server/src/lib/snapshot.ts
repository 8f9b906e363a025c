// A value loaded from the database and served from memory until it is invalidated or grows older
// than its time to live. Public catalogue reads come from here: one load serves every request.
// A local write calls invalidate(): with `shared` it is published on the invalidation bus
// (lib/invalidation-bus.ts) under the snapshot's topic, so every instance drops its copy within
// moments; the time to live only bounds staleness when a message was lost.
//
// A snapshot given `apply` can take a change as data instead: invalidate(payload) publishes the
// payload, and every instance reads it as it arrives (apply(payload), in arrival order, even with
// no value held) and patches the value it holds with the answer, without a reload. A payload is
// the changed rows' new state (idempotent, so applying it to a value loaded after the change is
// harmless); messages may arrive out of commit order (apply can drop what it knows is older), so
// a patched value is loaded again once `confirmMs` after its first patch, on the next read.

import type { InvalidationBus } from './invalidation-bus.ts';

// Bumped by every invalidation of every snapshot: caches built from several snapshots at once
// (server-rendered pages) compare it to know their inputs changed.
let generationOfAll = 0;

export function dataGeneration(): number {
  return generationOfAll;
}

export interface Snapshot<T> {
  get(): Promise<T>;
  /** With a payload (and `apply`): the change itself, applied on every instance instead of a reload. */
  invalidate(payload?: string): void;
}

export interface SnapshotOptions<T> {
  /** Shares invalidation across instances: invalidate() publishes `topic`, a message drops it. */
  shared?: { bus: InvalidationBus; topic: string } | undefined;
  now?: () => number;
  /**
   * Reads a change when it arrives and answers how to patch a value with it; throws (the value is
   * then dropped) on a payload it cannot read.
   */
  apply?: (payload: string) => (value: T) => T;
  /** How long a patched value serves before it is loaded again (default 1 s). */
  confirmMs?: number;
}

export function createSnapshot<T>(
  load: () => Promise<T>,
  ttlMs: number,
  options: SnapshotOptions<T> = {},
): Snapshot<T> {
  const { shared, now = () => Date.now(), apply, confirmMs = 1000 } = options;
  let current: {
    value: Promise<T>;
    loadedAt: number;
    generation: number;
    /** When the value was first patched since it was loaded. */
    patchedAt?: number;
  } | null = null;
  let generation = 0;

  const snapshot: Snapshot<T> = {
    get() {
      if (
        current &&
        (ttlMs === 0 ? false : now() - current.loadedAt < ttlMs) &&
        current.generation === generation &&
        (current.patchedAt === undefined || now() - current.patchedAt < confirmMs)
      ) {
        return current.value;
      }
      const mine = { value: load(), loadedAt: now(), generation };
      current = mine;
      // A failed load must not be cached: the next request tries again.
      mine.value.catch(() => {
        if (current === mine) current = null;
      });
      return mine.value;
    },
    invalidate(payload) {
      if (shared) shared.bus.publish(shared.topic, payload);
      else changed(payload);
    },
  };

  function changed(payload: string | undefined) {
    generationOfAll++;
    const patch = payload === undefined ? undefined : readChange(payload);
    if (!patch || !current) {
      generation++;
      current = null;
      return;
    }
    // Patched where it stands, even while it loads (applying the change again is harmless); a
    // change it cannot apply is loaded instead.
    const patched = current;
    const value = patched.value.then(patch).catch(() => load());
    value.catch(() => {
      if (current?.value === value) current = null;
    });
    current = { ...patched, value, patchedAt: patched.patchedAt ?? now() };
  }
  /** Read as it arrives, whether a value is held or not: what apply learns follows arrival order. */
  function readChange(payload: string): ((value: T) => T) | undefined {
    if (!apply) return undefined;
    try {
      return apply(payload);
    } catch {
      return undefined;
    }
  }
  // The bus runs this for this instance's own publish too (at once) and for every other's.
  shared?.bus.subscribe(shared.topic, changed);
  return snapshot;
}
