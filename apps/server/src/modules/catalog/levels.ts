// Stock levels sent as data (decision 0023): a change that takes or gives back units answers the
// levels it left, and every instance patches its copy with them. Two changes of one variant may be
// heard out of commit order (responses on different pooled connections, messages from other
// instances), so each level carries a stamp its UPDATE took with the row locked: the lock
// serialises the changes of a row, so the later change has the later stamp, and an instance leaves
// out a level older than the newest it has heard for that variant.
import { sql } from 'drizzle-orm';

/** A variant's units in stock as a committed transaction left them. */
export interface StockLevel {
  variantId: number;
  stock: number;
  /** The change's stockStamp; without one (none taken) the level is applied as heard. */
  stamp?: string;
}

/** Units in stock by variant id. */
export type StockLevels = Map<number, number>;

/**
 * For a stock UPDATE's RETURNING, computed once the row is updated and its lock held: the
 * database's clock as fixed-width text, compared as strings. Microseconds on PostgreSQL; PGlite's
 * clock ticks in milliseconds, so two changes there may tie (then applied in the order heard).
 */
export const stockStamp = sql<string>`to_char(clock_timestamp() at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`;

// A NOTIFY carries at most 8000 bytes, the bus's envelope and the payload's escaping included.
const MAX_PAYLOAD_CHARS = 7_500;

/**
 * The bus message of a transaction's stock change: [[variantId, stock, stamp], …] ([variantId,
 * stock] without a stamp), a variant once (its last level: statement order). None (the levels are
 * loaded again) when nothing changed or when it is too long for a NOTIFY (a large batch of
 * released holds).
 */
export function levelsPayload(changed: readonly StockLevel[]): string | undefined {
  const last = new Map(changed.map((l) => [l.variantId, l]));
  if (last.size === 0) return undefined;
  const payload = JSON.stringify(
    [...last.values()].map((l) =>
      l.stamp === undefined ? [l.variantId, l.stock] : [l.variantId, l.stock, l.stamp],
    ),
  );
  return JSON.stringify(payload).length <= MAX_PAYLOAD_CHARS ? payload : undefined;
}

/**
 * Reads a stock change when it arrives (throws on a message it cannot read: the levels are then
 * loaded again) and answers the patch of the levels without the ones older than the newest stamp
 * heard for their variant, which `newest` records. It is kept across loads: a change was committed
 * before it was sent, so a load started after it was heard shows it or a later one, and a load
 * under way when it arrives is patched with it.
 */
export function levelsChange(
  newest: Map<number, string>,
  payload: string,
): (levels: StockLevels) => StockLevels {
  const changed: unknown = JSON.parse(payload);
  if (!Array.isArray(changed) || !changed.every(isLevelEntry)) throw new Error('Not a stock change.');
  const kept: [number, number][] = [];
  for (const [variantId, stock, stamp] of changed) {
    if (stamp !== undefined) {
      const heard = newest.get(variantId);
      if (heard !== undefined && stamp < heard) continue;
      newest.set(variantId, stamp);
    }
    kept.push([variantId, stock]);
  }
  return (levels) => {
    if (kept.length === 0) return levels;
    const next = new Map(levels);
    for (const [variantId, stock] of kept) next.set(variantId, stock);
    return next;
  };
}

function isLevelEntry(entry: unknown): entry is [number, number, string?] {
  return (
    Array.isArray(entry) &&
    (entry.length === 2 || (entry.length === 3 && typeof entry[2] === 'string')) &&
    Number.isSafeInteger(entry[0]) &&
    Number.isSafeInteger(entry[1])
  );
}
