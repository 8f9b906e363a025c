import { CHANGED_MEANWHILE } from '@spice/shared/contracts/admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { siteSettings } from '../modules/content/schema.ts';
import { createTestDatabase } from '../test/app.ts';
import { updateAtVersion } from './versioned.ts';

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
      'Order changed.',
    );
    await expect(stale).rejects.toMatchObject({ message: 'Order changed.' });
  });
});
