// A value loaded from the database and served from memory until it is invalidated or grows older
// than its time to live. Public catalogue reads come from here: one load serves every request.
// The time to live bounds staleness when another instance changed the data; a local write calls
// invalidate() so this instance shows it at once.

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

export function createSnapshot<T>(
  load: () => Promise<T>,
  ttlMs: number,
  now = () => Date.now(),
): Snapshot<T> {
  let current: { value: Promise<T>; loadedAt: number; generation: number } | null = null;
  let generation = 0;

  return {
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
      generation++;
      generationOfAll++;
      current = null;
    },
  };
}
