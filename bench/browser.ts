/**
 * What the Chromium benches share: production builds of their pages (vite build with a manifest,
 * into dist/bench), a `vite preview` of it on port 4391 that this process starts and stops, and
 * fresh persistent Chromium profiles (on-disk IndexedDB). `BENCH_MINIFY=0` builds unminified, for
 * reading a CPU profile by function name (figures from such a build are not the shipped code's).
 * Plane: Node (bench only).
 * @module bench/browser
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from '@playwright/test'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const BUILD_DIR = join(ROOT, 'dist/bench')
const PORT = Number(process.env.BENCH_PORT ?? 4391)
export const BASE_URL = `http://127.0.0.1:${PORT}`
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

/** One entry of Vite's `.vite/manifest.json`. */
export interface ManifestChunk {
  readonly file: string
  readonly src?: string
  readonly name?: string
  readonly isEntry?: boolean
  readonly isDynamicEntry?: boolean
  readonly imports?: readonly string[]
  readonly dynamicImports?: readonly string[]
  readonly css?: readonly string[]
  readonly assets?: readonly string[]
}
export type Manifest = Readonly<Record<string, ManifestChunk>>

const BUILDS_KEY = Symbol.for('dsh-agent.bench.builds')

/**
 * Builds the given demo pages (paths under demo/, e.g. `bench-pages/persistence.html`) into
 * dist/bench with their own manifest `.vite/<name>.json`, once per process; one bench's build
 * failing (a part not written yet) leaves the others' builds usable.
 */
export function benchBuild(name: string, pages: readonly string[]): Promise<Manifest> {
  const input = Object.fromEntries(pages.map((page) => [page.replace(/\.html$/, ''), join(ROOT, 'demo', page)]))
  return cachedBuild(name, () => viteBuild(name, input, BUILD_DIR))
}

/** Builds script entries (name → absolute path) on their own into `outDir`, once per process. */
export function entryBuild(name: string, input: Readonly<Record<string, string>>, outDir: string): Promise<Manifest> {
  return cachedBuild(name, () => viteBuild(name, input, outDir))
}

/** Builds another config file (e.g. the library build) as it is, into `outDir` with a manifest, once per process. */
export function configBuild(name: string, configFile: string, outDir: string): Promise<Manifest> {
  return cachedBuild(name, () => viteBuild(name, undefined, outDir, configFile))
}

function cachedBuild(name: string, run: () => Promise<Manifest>): Promise<Manifest> {
  const holder = globalThis as unknown as Record<symbol, Map<string, Promise<Manifest>> | undefined>
  if (!holder[BUILDS_KEY]) {
    rmSync(BUILD_DIR, { recursive: true, force: true })
    holder[BUILDS_KEY] = new Map()
  }
  const builds = holder[BUILDS_KEY]
  if (!builds.has(name)) builds.set(name, run())
  return builds.get(name)!
}

async function viteBuild(name: string, input: Readonly<Record<string, string>> | undefined, outDir: string, configFile = join(ROOT, 'vite.config.ts')): Promise<Manifest> {
  const { build, loadConfigFromFile } = await import('vite')
  const started = performance.now()
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, configFile)
  if (!loaded) throw new Error(`${configFile} not found`)
  const config = loaded.config
  // The project's config with only the inputs, output place and manifest replaced (mergeConfig would
  // add inputs), minus the embed build's cleaner, which deletes the real dist/ output by path.
  const plugins = (config.plugins ?? []).filter((plugin) => !(plugin && 'name' in plugin && plugin.name === 'dsh-clean-embed-output'))
  const rollupOptions = input ? { ...config.build?.rollupOptions, input } : config.build?.rollupOptions
  // The bench runner's module loader set NODE_ENV=development: a build under it resolves packages'
  // `development` exports (Lit's dev build with its warnings), not what `npm run build` ships.
  process.env.NODE_ENV = 'production'
  await build({
    ...config,
    plugins,
    configFile: false,
    logLevel: 'error',
    build: { ...config.build, ...(process.env.BENCH_MINIFY === '0' ? { minify: false } : {}), outDir, emptyOutDir: false, manifest: `.vite/${name}.json`, ...(rollupOptions ? { rollupOptions } : {}) },
  })
  console.log(`bench: vite build ${name} (${input ? Object.keys(input).join(', ') : configFile.slice(ROOT.length)}) in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return JSON.parse(readFileSync(join(outDir, `.vite/${name}.json`), 'utf8')) as Manifest
}

/** Why Chromium benches cannot run here, or undefined when they can. */
export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`
}

async function waitForServer(child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited ${child.exitCode}: ${log()}`)
    try {
      if ((await fetch(BASE_URL)).status < 500) return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200)) // not listening yet
    }
  }
  throw new Error(`vite preview did not answer on ${BASE_URL} within 30 s: ${log()}`)
}

/** Serves dist/bench (build the pages first) with `vite preview` (COOP/COEP from vite.config.ts) for the duration of `fn`. */
export async function withPreview<T>(fn: (baseURL: string) => Promise<T>): Promise<T> {
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js')
  const child = spawn(process.execPath, [vite, 'preview', '--outDir', BUILD_DIR, '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (data: Buffer) => (output += data.toString()))
  child.stderr?.on('data', (data: Buffer) => (output += data.toString()))
  try {
    await waitForServer(child, () => output.trim())
    return await fn(BASE_URL)
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  }
}

/** Runs `fn` in a fresh persistent Chromium profile (on-disk IndexedDB, cold cache), then removes it. */
export async function withProfile<T>(fn: (context: BrowserContext, page: Page) => Promise<T>): Promise<T> {
  const { chromium } = await import('@playwright/test')
  const dir = mkdtempSync(join(tmpdir(), 'dsh-bench-profile-'))
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: ARGS })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    return await fn(context, page)
  } finally {
    await context.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Opens a page of the build and waits for `body[data-ready]`; page errors become thrown errors. */
export async function openPage(page: Page, path: string, timeout = 30_000): Promise<void> {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${BASE_URL}${path}`)
  await page.waitForSelector('body[data-ready]', { state: 'attached', timeout }).catch((error: Error) => {
    throw new Error(`${path} never became ready: ${errors.join('; ') || error.message}`)
  })
}

/** Runs `fn` in the page with one serializable argument, typed on both sides (page.evaluate's overloads lose the types). */
export function run<R, A>(page: Page, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
  return page.evaluate(fn as never, arg) as Promise<R>
}
