/**
 * Vitest configuration of the cross-engine suite (test/engines/run.mjs runs it): Node drives the
 * browsers one engine after another, one flow at a time (2 shared cores; each engine is a real browser).
 * @module test/engines/vitest.config
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/engines/**/*.spec.ts'],
    environment: 'node',
    fileParallelism: false,
    // A hang guard, not a speed bar.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
})
