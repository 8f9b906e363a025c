// npm run seed:demo: loads the demo catalogue and content (products, banners, policies, coupons,
// reviews) on purpose into the database the server uses (DATABASE_URL; default the embedded PGlite
// files under .data/pglite: stop the server first). No demo admin: make your own with
// npm run admin:grant. Refuses a database that already has products.
import { openDatabase } from '../apps/server/src/db/client.ts';
import { isDatabaseEmpty, seedDemoData } from '../apps/server/src/seed/demo-seed.ts';

const database = await openDatabase(process.env.DATABASE_URL ?? '');
try {
  await database.migrate();
  if (!(await isDatabaseEmpty(database.db))) {
    console.error('This database already has products; the demo catalogue goes only into an empty one.');
    process.exitCode = 1;
  } else {
    await seedDemoData(database.db, new Date(), { admin: false });
    console.log(
      'Demo catalogue loaded (products, banners, policies, coupons, reviews). No admin was created: sign up in the shop, then run npm run admin:grant -- <your mobile>.',
    );
  }
} finally {
  await database.close();
}
