// The shop exactly as scripts/start.ts serves it (production mode, same main() and storefront
// plugin), except that the storefront build comes from BENCH_BUILD_DIR: a private copy that
// bench/run.ts takes right after building. Other people running `npm run build` during a
// benchmark then cannot swap the hashed assets under the pages being measured.
import { existsSync } from 'node:fs';
import path from 'node:path';

const buildDir = process.env.BENCH_BUILD_DIR;
if (!buildDir || !existsSync(path.join(buildDir, 'server/index.js'))) {
  console.error('BENCH_BUILD_DIR must name a copy of apps/web/build');
  process.exit(1);
}

process.env.NODE_ENV ??= 'production';
const { main } = await import('../apps/server/src/main.ts');
const { productionStorefront } = await import('../apps/server/src/plugins/storefront.ts');
await main(() => productionStorefront(buildDir));
