// npm start: build the storefront when there is no build or its sources changed since (a hash of
// them is stored with the build), then serve the shop in production mode. Until the shop listens it
// prints short plain progress lines and ends with one 'Shop ready at …' line; the server's JSON
// logs are everything after.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { staleBuildReason } from './source-hash.ts';

const root = path.resolve(import.meta.dirname, '..');
const step = (line: string) => console.log(`• ${line}`);

const stale = staleBuildReason(root, 'apps/web/build/server/index.js');
if (stale) {
  step(`Building the storefront (${stale}); this takes a minute…`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', env: process.env });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    console.error('The storefront build failed (output above).');
    process.exit(result.status ?? 1);
  }
}

process.env.NODE_ENV ??= 'production';
const { main } = await import('../apps/server/src/main.ts');
const { productionStorefront } = await import('../apps/server/src/plugins/storefront.ts');
await main(() => productionStorefront(), { progress: step, ready: (line) => console.log(line) });
