// The API alone (no storefront build) as its own process, for tests that kill a server mid-load:
// node apps/server/src/test/serve-api.ts with DATABASE_URL and PORT in the environment.
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { loadConfig } from '../plugins/config.ts';

const config = loadConfig(process.env);
// As the server opens it (PGlite on a worker unless PGLITE_WORKER=false; decision 0025).
const database = await openDatabase(config.DATABASE_URL, { worker: config.PGLITE_WORKER !== false });
const app = await buildApp({
  config,
  database,
  onClose: async () => {
    await app.jobWorker.stop(1000);
    await database.close();
  },
});
if (config.JOBS_WORKER !== false) app.jobWorker.start();
await app.listen({ host: '127.0.0.1', port: config.PORT });
console.log(`listening on ${config.PORT}`);
