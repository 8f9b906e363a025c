// The shop's boot (main.ts) without a storefront build, as its own process, for tests of what
// refuses to start: node apps/server/src/test/boot-shop.ts with the settings in the environment.
import { main } from '../main.ts';

await main(() => ({
  mode: 'production',
  getBuild: async () => {
    throw new Error('no storefront in this process');
  },
}));
