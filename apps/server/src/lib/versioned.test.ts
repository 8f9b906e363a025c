import { CHANGED_MEANWHILE } from '@spice/shared/contracts/admin';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { marketplaceLinks, siteSettings } from '../modules/content/schema.ts';
import { invoiceSettings } from '../modules/invoices/schema.ts';
import { createTestDatabase } from '../test/app.ts';
import {
  deleteAtVersion,
  deletedMeanwhile,
  LIST_CHANGED_MEANWHILE,
  reorderAtVersions,
  updateAtVersion,
} from './versioned.ts';

describe('updateAtVersion', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
  });
  afterAll(() => database.close());

  it('saves against the version loaded and moves it on by one', async () => {
    const [before] = await database.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    const row = await updateAtVersion(database.db, siteSettings, eq(siteSettings.id, 1), before!.version, {
      title: 'Masale',
    });
    expect(row.title).toBe('Masale');
    expect(row.version).toBe(before!.version + 1);
  });

  it('refuses a save from a form loaded before someone else saved, changing nothing', async () => {
    const [current] = await database.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    const stale = updateAtVersion(database.db, siteSettings, eq(siteSettings.id, 1), current!.version - 1, {
      title: 'Lost',
    });
    await expect(stale).rejects.toMatchObject({ kind: 'conflict', message: CHANGED_MEANWHILE });
    const [after] = await database.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(after).toEqual(current);
  });

  it('answers the caller’s own text when it has one', async () => {
    const stale = updateAtVersion(
      database.db,
      siteSettings,
      eq(siteSettings.id, 1),
      -1,
      { title: 'x' },
      { changed: 'Order changed.' },
    );
    await expect(stale).rejects.toMatchObject({ message: 'Order changed.' });
  });
});

describe('updateAtVersion and deleteAtVersion telling gone (404) from changed (409)', () => {
  let database: Database;
  let link: typeof marketplaceLinks.$inferSelect;
  const gone = deletedMeanwhile('Marketplace link');
  beforeAll(async () => {
    database = await createTestDatabase();
    [link] = (await database.db
      .insert(marketplaceLinks)
      .values({ name: 'A', url: 'https://a.example', logoUrl: '/a.png' })
      .returning()) as [typeof link];
  });
  afterAll(() => database.close());

  it('answers 404 for a row no longer there, 409 for one at another version', async () => {
    const key = (id: number) => eq(marketplaceLinks.id, id);
    const options = { notFound: gone };
    await expect(
      updateAtVersion(database.db, marketplaceLinks, key(link.id + 1000), 1, { name: 'B' }, options),
    ).rejects.toMatchObject({ kind: 'notFound', message: gone });
    await expect(
      updateAtVersion(database.db, marketplaceLinks, key(link.id), link.version + 1, { name: 'B' }, options),
    ).rejects.toMatchObject({ kind: 'conflict', message: CHANGED_MEANWHILE });
    await expect(
      deleteAtVersion(database.db, marketplaceLinks, key(link.id + 1000), 1, options),
    ).rejects.toMatchObject({ kind: 'notFound', message: gone });
    await expect(
      deleteAtVersion(database.db, marketplaceLinks, key(link.id), link.version + 1, options),
    ).rejects.toMatchObject({ kind: 'conflict', message: CHANGED_MEANWHILE });
    // Without notFound, a missing row is a 409 as before.
    await expect(
      updateAtVersion(database.db, marketplaceLinks, key(link.id + 1000), 1, { name: 'B' }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    const [after] = await database.db.select().from(marketplaceLinks).where(key(link.id));
    expect(after).toEqual(link);
  });

  it('deletes a row at the version shown and returns it as it was', async () => {
    const row = await deleteAtVersion(
      database.db,
      marketplaceLinks,
      eq(marketplaceLinks.id, link.id),
      link.version,
      {
        notFound: gone,
      },
    );
    expect(row).toEqual(link);
    expect(await database.db.select().from(marketplaceLinks)).toEqual([]);
  });
});

describe('updateAtVersion saving a settings row that may not exist yet', () => {
  let database: Database;
  const key = eq(invoiceSettings.id, 1);
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.delete(invoiceSettings);
  });
  afterAll(() => database.close());

  const save = (version: number, legalName: string) =>
    updateAtVersion(
      database.db,
      invoiceSettings,
      key,
      version,
      { legalName },
      { insert: { id: 1, legalName } },
    );

  it('refuses a save at a version when the row was never saved, inserting nothing', async () => {
    await expect(save(1, 'Early')).rejects.toMatchObject({ kind: 'conflict', message: CHANGED_MEANWHILE });
    expect(await database.db.select().from(invoiceSettings)).toEqual([]);
  });

  it('inserts the row at version 1 from a form at version 0, then updates it at its version', async () => {
    expect(await save(0, 'First')).toMatchObject({ id: 1, legalName: 'First', version: 1 });
    expect(await save(1, 'Second')).toMatchObject({ legalName: 'Second', version: 2 });
  });

  it('refuses a second first save (version 0 when the row exists), changing nothing', async () => {
    await expect(save(0, 'Late')).rejects.toMatchObject({ kind: 'conflict' });
    const [row] = await database.db.select().from(invoiceSettings);
    expect(row).toMatchObject({ legalName: 'Second', version: 2 });
  });
});

describe('reorderAtVersions', () => {
  let database: Database;
  const lock = () =>
    database.db
      .select({ id: marketplaceLinks.id, version: marketplaceLinks.version })
      .from(marketplaceLinks)
      .orderBy(asc(marketplaceLinks.position), asc(marketplaceLinks.id));
  const rows = () =>
    database.db
      .select()
      .from(marketplaceLinks)
      .orderBy(asc(marketplaceLinks.position), asc(marketplaceLinks.id));
  const reorder = async (order: { id: number; version: number }[]) =>
    reorderAtVersions(database.db, marketplaceLinks, await lock(), order, (position) => ({ position }), {
      name: 'moved',
    });
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(marketplaceLinks).values(
      ['a', 'b', 'c'].map((name, i) => ({
        name,
        url: `https://${name}.example`,
        logoUrl: '/l.png',
        position: 10 * i,
      })),
    );
  });
  afterAll(() => database.close());

  it('numbers the list 1..n and moves on (and touches) only the rows whose place changed', async () => {
    const [a, b, c] = await rows();
    // a stays first; b and c swap; every stored place (0, 10, 20) becomes 1..3.
    await reorder([a!, c!, b!].map(({ id, version }) => ({ id, version })));
    const after = await rows();
    expect(after.map((r) => [r.id, r.position, r.version, r.name])).toEqual([
      [a!.id, 1, a!.version, 'a'],
      [c!.id, 2, c!.version + 1, 'moved'],
      [b!.id, 3, b!.version + 1, 'moved'],
    ]);
  });

  it('refuses a list with an item added or removed, or one at a version no longer current', async () => {
    const before = await rows();
    const shown = before.map(({ id, version }) => ({ id, version }));
    await expect(reorder(shown.slice(1))).rejects.toMatchObject({
      kind: 'conflict',
      message: LIST_CHANGED_MEANWHILE,
    });
    await expect(reorder([{ ...shown[0]!, id: 9999 }, ...shown.slice(1)])).rejects.toMatchObject({
      message: LIST_CHANGED_MEANWHILE,
    });
    const stale = [shown[1]!, { ...shown[0]!, version: shown[0]!.version - 1 }, shown[2]!];
    await expect(reorder(stale)).rejects.toMatchObject({ kind: 'conflict', message: CHANGED_MEANWHILE });
    expect(await rows()).toEqual(before);
  });
});
