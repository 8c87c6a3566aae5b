/**
 * Vite plugin of the last build (`vite.workspace.config.ts`, after the demo and embed builds): once
 * everything is written, builds the offline service worker (workers/dsh-agent-sw.ts, a classic
 * script so hosts can `importScripts` it) twice — `dist/dsh-agent-sw.js` precaching the embed (every
 * top-level entry but `runtime.js`: `dsh-agent.js`, `dsh-workspace.js`, and what they reach) and
 * `dist/demo/dsh-agent-sw.js` precaching the demo pages (test and bench pages and the language runtimes
 * under `runtimes/`, which the service worker caches on first use, left out) — each with
 * the manifest and cache version derived from the files the builds wrote (scripts/precache-manifest.ts).
 * @module scripts/vite-service-worker
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { build, type Plugin } from 'vite'
import { precacheManifest, type PrecacheManifest } from './precache-manifest.ts'

export const SERVICE_WORKER_FILE = 'dsh-agent-sw.js'

async function buildServiceWorker(projectRoot: string, outDir: string, manifest: PrecacheManifest): Promise<void> {
  await build({
    configFile: false,
    root: projectRoot,
    publicDir: false,
    logLevel: 'warn',
    define: {
      __DSH_PRECACHE__: JSON.stringify(manifest.entries),
      __DSH_SW_VERSION__: JSON.stringify(manifest.version),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    build: {
      target: 'es2022',
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      lib: { entry: join(projectRoot, 'workers/dsh-agent-sw.ts'), formats: ['iife'], name: 'dshAgentServiceWorker', fileName: () => SERVICE_WORKER_FILE },
    },
  })
}

export function serviceWorkerBuild(projectRoot: string): Plugin {
  const dist = join(projectRoot, 'dist')
  return {
    name: 'dsh-service-worker',
    apply: 'build',
    async closeBundle() {
      // Only what the embed build writes (top-level files, chunks/): never a bench's build left in dist/ (bench-embed/, …).
      const embed = precacheManifest(dist, (path) => /^[^/]+\.js$/.test(path) && path !== 'runtime.js' && path !== SERVICE_WORKER_FILE, (path) => /^(chunks\/)?[^/]+$/.test(path))
      await buildServiceWorker(projectRoot, dist, embed)
      const demoRoot = join(dist, 'demo')
      if (!existsSync(join(demoRoot, 'index.html'))) return this.warn('no demo build in dist/demo: its service worker was not built (run the demo build first)')
      const demo = precacheManifest(demoRoot, (path) => !path.startsWith('assets/') && !/^(test-pages|bench-pages|runtimes)\//.test(path) && path !== SERVICE_WORKER_FILE)
      await buildServiceWorker(projectRoot, demoRoot, demo)
      this.info?.(`service workers: embed ${embed.entries.length} files (${(embed.bytes / 1024).toFixed(0)} KiB, version ${embed.version}), demo ${demo.entries.length} files (${(demo.bytes / 1024).toFixed(0)} KiB, version ${demo.version})`)
    },
  }
}
