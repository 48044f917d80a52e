import { defineConfig } from 'vitest/config';

/**
 * Two tiers, both run by `npm test` (and CI):
 * - unit: pure functions, parsers, renderers (`npm run test:unit`, well under a minute);
 * - integration (`*.int.test.ts`): real git repositories, real test runners, loopback model and
 *   GitHub servers, the bundled action. `test/architecture/test-tiers.test.ts` keeps unit files
 *   from spawning processes or opening sockets.
 */
export default defineConfig({
  test: {
    exclude: ['test/fixtures/**', 'node_modules/**'],
    // Tests spawn real runners, git and loopback servers; give them room on a 2-core machine (a heal
    // now runs the failing tests once more before it accepts, and records what they read).
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: one on a 2-core machine, so every file ran
    // after the other while each mostly waited on the git, runners and servers it had started.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          pool: 'threads',
          // Unit files touch no process-wide state (no env, cwd, mocks, timers); sharing the module
          // graph between files in a worker halves the tier's time (each file re-imported zod, …).
          isolate: false,
          include: ['test/**/*.test.ts'],
          exclude: ['test/**/*.int.test.ts', 'test/fixtures/**'],
        },
      },
      {
        extends: true,
        test: { name: 'integration', include: ['test/**/*.int.test.ts'], exclude: ['test/fixtures/**'] },
      },
    ],
  },
});
