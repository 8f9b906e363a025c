// npm run dev: the same server with the storefront served through Vite (hot module reload for
// the React app). Server code changes restart the process (node --watch in package.json).
import path from 'node:path';
import type { ServerBuild } from 'react-router';

process.env.NODE_ENV = 'development';
const root = path.resolve(import.meta.dirname, '..');
const { createServer } = await import('vite');
const vite = await createServer({
  root: path.join(root, 'apps/web'),
  configFile: path.join(root, 'apps/web/vite.config.ts'),
  server: { middlewareMode: true },
});

const { main } = await import('../apps/server/src/main.ts');
await main(() => ({
  mode: 'development',
  getBuild: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
  clientDir: undefined,
  beforeRoutes: async (instance) => {
    const middie = (await import('@fastify/middie')).default;
    await instance.register(middie);
    instance.use((req, res, next) => {
      // Vite serves modules, assets and HMR; everything else falls through to the app.
      if (req.url?.startsWith('/api/')) return next();
      vite.middlewares(req, res, next);
    });
  },
}));
