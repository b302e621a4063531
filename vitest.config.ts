import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests of several seconds of pure computation (test/**/*.slow.test.ts): `npm run test:slow`.
    exclude: process.env.SLOW_TESTS ? ['**/node_modules/**'] : ['**/node_modules/**', 'test/**/*.slow.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Sandbox and server tests spawn real processes; running files in parallel on a 2-core
    // machine would make their timing-based verdicts flaky.
    fileParallelism: false,
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: 'test/artifacts/vitest.json' },
  },
});
