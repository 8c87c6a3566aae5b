/**
 * Build, dev server and Vitest configuration. The demo (every `demo/**\/*.html`) is the app; the
 * dev and preview servers send COOP/COEP so the page is cross-origin isolated (WebContainer needs
 * it); the worker is an ES module so its heavy parts stay lazy chunks. Vitest runs from the repo root.
 */
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import { mcpEvalFreeValidator } from './scripts/vite-mcp-validator.ts'
import { minifyCssTemplates } from './scripts/vite-minify-css.ts'
import { pagefindIndex } from './scripts/vite-pagefind.ts'
import { workerImportPreload } from './scripts/vite-worker-preload.ts'
import { workerCoreChunk } from './scripts/vite-worker-core-chunk.ts'
import { runCodeAssets } from './scripts/vite-run-code-assets.ts'

const projectRoot = fileURLToPath(new URL('.', import.meta.url))
const demoRoot = join(projectRoot, 'demo')

const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
}

/**
 * The dev server answers a revalidation (`304 Not Modified`) without `server.headers`, and WebKit
 * then refuses the cached module worker of a cross-origin isolated page (`DSH_WORKER_START` on every
 * navigation after the first): send the isolation headers on every dev response, 304s included.
 */
const isolationOnEveryResponse: Plugin = {
  name: 'dsh-isolation-on-every-response',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((_request, response, next) => {
      for (const [name, value] of Object.entries(isolation)) response.setHeader(name, value)
      next()
    })
  },
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
  plugins: [isolationOnEveryResponse, mcpEvalFreeValidator, minifyCssTemplates, workerCoreChunk(), runCodeAssets(), pagefindIndex(projectRoot, 'docs/**/*.html')],
  worker: { format: 'es', plugins: () => [mcpEvalFreeValidator, workerImportPreload, workerCoreChunk()] },
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
    exclude: ['test/**/*.browser.spec.ts', 'test/engines/**', 'node_modules/**'],
    // A hang guard, not a speed bar: CI runs on 2 loaded cores (speed lives in bench/).
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
} as any)
