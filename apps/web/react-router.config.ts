import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // Overridable so a benchmark or an experiment can build beside the build the tests use.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
} satisfies Config;
