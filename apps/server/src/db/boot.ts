// Boot-time database work: migrations, then (in demo mode) the demo seed once per database, under
// one lock, so any number of instances can start together on an empty or an older database.
import type { Database } from './client.ts';

export async function migrateAndSeed(
  database: Database,
  options: { seed: boolean; progress?: (line: string) => void },
): Promise<{ seeded: boolean; demoAdminRevoked: boolean }> {
  const progress = options.progress ?? (() => {});
  return database.exclusive(async () => {
    progress('Migrating the database…');
    await database.migrate();
    const { DEMO_ADMIN, seedDemoOnce } = await import('../seed/demo-seed.ts');
    if (!options.seed) {
      // A database that was once a demo keeps its well-known admin number; a real shop must not.
      const { createAccountsService } = await import('../modules/accounts/service.ts');
      const accounts = createAccountsService(database.db);
      const demoAdmin = await accounts.findByMobile(DEMO_ADMIN.mobile);
      const revoke = demoAdmin?.role !== undefined && demoAdmin.role !== 'customer';
      if (revoke) await accounts.setRole(DEMO_ADMIN.mobile, 'customer');
      return { seeded: false, demoAdminRevoked: revoke };
    }
    const seeded = await seedDemoOnce(database.db, new Date(), () => progress('Seeding the demo shop…'));
    return { seeded, demoAdminRevoked: false };
  });
}
