// Boot-time database work: migrations, then (in demo mode) the demo seed once per database, under
// one lock, so any number of instances can start together on an empty or an older database.
import type { Database } from './client.ts';

export async function migrateAndSeed(
  database: Database,
  options: { seed: boolean },
): Promise<{ seeded: boolean }> {
  return database.exclusive(async () => {
    await database.migrate();
    if (!options.seed) return { seeded: false };
    const { seedDemoOnce } = await import('../seed/demo-seed.ts');
    return { seeded: await seedDemoOnce(database.db) };
  });
}
