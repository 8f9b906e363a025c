// npm start: build the storefront if no build exists, then serve the shop in production mode.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const serverBuild = path.join(root, 'apps/web/build/server/index.js');

if (!existsSync(serverBuild)) {
  console.log('No storefront build found; building it once (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
const { main } = await import('../apps/server/src/main.ts');
const { productionStorefront } = await import('../apps/server/src/plugins/storefront.ts');
await main(() => productionStorefront());
