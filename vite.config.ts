/**
 * Build, dev server and Vitest configuration. The demo (every `demo/**\/*.html`) is the app; the
 * dev and preview servers send COOP/COEP so the page is cross-origin isolated (WebContainer needs
 * it); the worker is an ES module so its heavy parts stay lazy chunks. Vitest runs from the repo root.
 */
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { defineConfig } from 'vite'

const projectRoot = fileURLToPath(new URL('.', import.meta.url))
const demoRoot = join(projectRoot, 'demo')

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
}

/** Every HTML page under demo/, keyed by its path without the extension (multi-page build). */
function demoPages(): Record<string, string> {
  const files = readdirSync(demoRoot, { recursive: true, encoding: 'utf8' })
  const pages = files.filter((file) => file.endsWith('.html'))
  return Object.fromEntries(pages.map((file) => [file.replace(/\.html$/, ''), join(demoRoot, file)]))
}

export default defineConfig({
  root: demoRoot,
  publicDir: join(projectRoot, 'public'),
  worker: { format: 'es' },
  server: { headers: isolation, host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { headers: isolation, host: '127.0.0.1', port: 4173, strictPort: true },
  build: {
    target: 'es2022',
    outDir: join(projectRoot, 'dist/demo'),
    emptyOutDir: true,
    rollupOptions: { input: demoPages() },
  },
  test: {
    root: projectRoot,
    environment: 'node',
    include: ['test/**/*.spec.ts'],
    exclude: ['test/**/*.browser.spec.ts', 'node_modules/**'],
    // A hang guard, not a speed bar: CI runs on 2 loaded cores (speed lives in bench/).
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
} as any)
