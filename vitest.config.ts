import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Vite 8 transforms TS/JSX with Oxc; esbuild's jsx options would be ignored.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    // Vitest takes one core fewer than the machine has: on a two-core machine the unit files would run
    // one at a time (200 s instead of 140 s here). The browser files run one at a time anyway.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['test/unit/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          // After the unit files (a group of their own: they run two at a time, these one at a time).
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
          // Each file launches and closes its own browser; a fresh worker per file only added a second
          // or so of start-up to each of the 40-odd files.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Firefox ESR through WebDriver BiDi (puppeteer-core): docs/firefox.md. One file at a time,
          // in vitest's sequential group with the Chromium files: never two browsers at once.
          name: 'firefox',
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['test/firefox/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
