// A value loaded from the database and served from memory until it is invalidated or grows older
// than its time to live. Public catalogue reads come from here: one load serves every request.
// A local write calls invalidate(): with `shared` it is published on the invalidation bus
// (lib/invalidation-bus.ts) under the snapshot's topic, so every instance drops its copy within
// moments; the time to live only bounds staleness when a message was lost.

import type { InvalidationBus } from './invalidation-bus.ts';

// Bumped by every invalidation of every snapshot: caches built from several snapshots at once
// (server-rendered pages) compare it to know their inputs changed.
let generationOfAll = 0;

export function dataGeneration(): number {
  return generationOfAll;
}

export interface Snapshot<T> {
  get(): Promise<T>;
  invalidate(): void;
}

export interface SnapshotOptions {
  /** Shares invalidation across instances: invalidate() publishes `topic`, a message drops it. */
  shared?: { bus: InvalidationBus; topic: string } | undefined;
  now?: () => number;
}

export function createSnapshot<T>(
  load: () => Promise<T>,
  ttlMs: number,
  options: SnapshotOptions = {},
): Snapshot<T> {
  const { shared, now = () => Date.now() } = options;
  let current: { value: Promise<T>; loadedAt: number; generation: number } | null = null;
  let generation = 0;

  const snapshot: Snapshot<T> = {
    get() {
      if (
        current &&
        (ttlMs === 0 ? false : now() - current.loadedAt < ttlMs) &&
        current.generation === generation
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
    invalidate() {
      if (shared) shared.bus.publish(shared.topic);
      else dropLocal();
    },
  };

  function dropLocal() {
    generation++;
    generationOfAll++;
    current = null;
  }
  // The bus runs this for this instance's own publish too (at once) and for every other's.
  shared?.bus.subscribe(shared.topic, dropLocal);
  return snapshot;
}
