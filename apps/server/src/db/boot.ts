// Boot-time database work: migrations, then the demo seed into an empty database, under one
// lock, so any number of instances can start together on an empty or an older database.
import type { Database } from './client.ts';

export async function migrateAndSeed(
  database: Database,
  options: { seed: boolean },
): Promise<{ seeded: boolean }> {
  return database.exclusive(async () => {
    await database.migrate();
    if (!options.seed) return { seeded: false };
    const { isDatabaseEmpty, seedDemoData } = await import('../seed/demo-seed.ts');
    if (!(await isDatabaseEmpty(database.db))) return { seeded: false };
    await seedDemoData(database.db);
    return { seeded: true };
  });
}
