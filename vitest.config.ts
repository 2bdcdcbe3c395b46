import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'packages/*/test/**/*.test.tsx'],
    globalSetup: ['./vitest.tmpdir.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // The machine has 2 cores; browser and build tests are heavy.
    maxWorkers: 2,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
