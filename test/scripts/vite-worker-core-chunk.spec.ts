// The agent worker's core — workers/agent-host.ts and its static imports — is one chunk: a module the
// core shares with lazy chunks goes into the host's chunk even where the bundler would cut it into a
// chunk of its own (as it does for Cordis, brand ids, fs helpers in the real worker graph; here a
// configured group does the cutting), lazy chunks import it from there, what only lazy code uses
// stays lazy, and it all runs. A module the entry imports beside the host (which the core imports too)
// goes with its own static imports into a chunk of its own that does not import the core.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { build, type Plugin } from 'vite'
import { workerCoreChunk } from '../../scripts/vite-worker-core-chunk.ts'

const dir = mkdtempSync(join(tmpdir(), 'dsh-worker-core-chunk-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** entry → import(host); host → static shared, core-only, loaders; loaders → import(lazy), import(other); lazy → static shared, heavy; other → static shared. */
const SOURCES = {
  'entry.js': `export const loadHost = () => import('./workers/agent-host.ts')`,
  'workers/agent-host.ts': `import { shared } from '../shared.js'\nimport { coreOnly } from '../core-only.js'\nexport { loadLazy, loadOther } from '../loaders.js'\nexport const host = 'host:' + shared + coreOnly`,
  'loaders.js': `export const loadLazy = () => import('./lazy.js')\nexport const loadOther = () => import('./other.js')`,
  'shared.js': `export const shared = 'shared'`,
  'core-only.js': `export const coreOnly = '+core'`,
  'lazy.js': `import { shared } from './shared.js'\nimport { heavy } from './heavy.js'\nexport const lazy = 'lazy:' + shared + heavy`,
  'heavy.js': `export const heavy = '+heavy'`,
  'other.js': `import { shared } from './shared.js'\nexport const other = 'other:' + shared`,
}

/** Cuts shared.js into a chunk of its own, as the bundler's own splitting does in the real worker graph. */
const sharedGroup = { groups: [{ name: 'shared', test: /shared\.js$/ }] }

async function buildFixture(name: string, plugins: Plugin[], entry = 'entry.js', sources: Record<string, string> = SOURCES): Promise<string> {
  rmSync(join(dir, 'workers'), { recursive: true, force: true })
  for (const [file, text] of Object.entries(sources)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), text)
  }
  const outDir = join(dir, name)
  await build({
    root: dir, logLevel: 'silent', configFile: false, plugins,
    build: { outDir, minify: false, lib: { entry: join(dir, entry), formats: ['es'], fileName: 'entry' }, rolldownOptions: { output: { chunkFileNames: 'chunks/[name].js', entryFileNames: '[name].js', codeSplitting: sharedGroup } } },
  })
  return outDir
}

describe('workerCoreChunk', () => {
  it('puts what the host module imports statically into its chunk; lazy chunks import it from there and keep their own', async () => {
    const without = await buildFixture('without', [])
    expect(readdirSync(join(without, 'chunks')).sort()).toEqual(['agent-host.js', 'lazy.js', 'other.js', 'shared.js'])

    const outDir = await buildFixture('with', [workerCoreChunk()])
    expect(readdirSync(join(outDir, 'chunks')).sort()).toEqual(['agent-host.js', 'lazy.js', 'other.js'])
    const host = readFileSync(join(outDir, 'chunks/agent-host.js'), 'utf8')
    expect(host).toMatch(/var shared = ["']shared["']/)
    expect(host).not.toContain('+heavy')
    expect(readFileSync(join(outDir, 'chunks/lazy.js'), 'utf8')).toMatch(/from ["']\.\/agent-host\.js["']/)
    expect(readFileSync(join(outDir, 'entry.js'), 'utf8')).not.toMatch(/^import .* from/m)

    const entry = await import(pathToFileURL(join(outDir, 'entry.js')).href) as { loadHost(): Promise<{ host: string; loadLazy(): Promise<{ lazy: string }>; loadOther(): Promise<{ other: string }> }> }
    const loaded = await entry.loadHost()
    expect(loaded.host).toBe('host:shared+core')
    expect((await loaded.loadLazy()).lazy).toBe('lazy:shared+heavy')
    expect((await loaded.loadOther()).other).toBe('other:shared')
  })

  it('gives what the entry imports beside the host a chunk of its own, without the core, which the core imports', async () => {
    const sources = {
      ...SOURCES,
      'entry.js': `export const loadEarly = () => import('./early.js')\nexport const loadHost = () => import('./workers/agent-host.ts')`,
      'early.js': `import { earlyDep } from './early-dep.js'\nexport const early = 'early' + earlyDep`,
      'early-dep.js': `export const earlyDep = '+dep'`,
      'workers/agent-host.ts': `import { shared } from '../shared.js'\nimport { early } from '../early.js'\nexport const host = 'host:' + shared + ':' + early`,
    }
    const outDir = await buildFixture('early', [workerCoreChunk()], 'entry.js', sources)
    expect(readdirSync(join(outDir, 'chunks')).sort()).toEqual(['agent-early.js', 'agent-host.js', 'rolldown-runtime.js']) // the bundler's helpers, as in the real worker
    const early = readFileSync(join(outDir, 'chunks/agent-early.js'), 'utf8')
    expect(early).toContain('+dep')
    expect(early).not.toMatch(/agent-host/)
    expect(readFileSync(join(outDir, 'chunks/agent-host.js'), 'utf8')).toMatch(/from ["']\.\/agent-early\.js["']/)
    const entry = await import(pathToFileURL(join(outDir, 'entry.js')).href) as { loadEarly(): Promise<{ early: string }>; loadHost(): Promise<{ host: string }> }
    expect((await entry.loadEarly()).early).toBe('early+dep')
    expect((await entry.loadHost()).host).toBe('host:shared:early+dep')
  })

  it('leaves a build without the host module as it is', async () => {
    const plain = await buildFixture('plain-a', [], 'loaders.js')
    const grouped = await buildFixture('plain-b', [workerCoreChunk()], 'loaders.js')
    expect(readdirSync(join(plain, 'chunks')).sort()).toEqual(['lazy.js', 'other.js', 'shared.js'])
    expect(readdirSync(join(grouped, 'chunks')).sort()).toEqual(['lazy.js', 'other.js', 'shared.js'])
  })
})
