// Build, dev server and Vitest configuration. The dev/preview servers send COOP/COEP so the
// page is cross-origin isolated (WebContainer needs it); the worker is an ES module so its
// heavy parts stay lazy chunks.
import { defineConfig } from 'vite'

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
}

export default defineConfig({
  root: '.',
  worker: { format: 'es' },
  server: { headers: isolation, host: '127.0.0.1' },
  preview: { headers: isolation, host: '127.0.0.1' },
  build: { target: 'es2022' },
  test: {
    environment: 'node',
    include: ['test/**/*.spec.ts'],
    exclude: ['test/**/*.browser.spec.ts', 'node_modules/**'],
  },
} as any)
