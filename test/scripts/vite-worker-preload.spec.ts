// A worker build's dynamic imports fetch the imported chunk and everything it statically imports at
// once (no waterfall of import levels): built for real with Vite and the plugin, run in Node, the
// entry's import still resolves to the host's namespace, and a chunk's dependencies are fetched only
// when that chunk is.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { build } from 'vite'
import { preloadDynamicImports, workerImportPreload } from '../../scripts/vite-worker-preload.ts'

const dir = mkdtempSync(join(tmpdir(), 'dsh-worker-preload-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/**
 * entry → import(host), import(lazy), import(other); host → static shared → static deeper (two
 * levels); lazy → static shared, heavy; other → static deeper (what keeps each a chunk of its own).
 */
const SOURCES = {
  'entry.js': `export const loadHost = () => import('./host.js')\nexport const loadLazy = () => import('./lazy.js')\nexport const loadOther = () => import('./other.js')`,
  'host.js': `import { shared } from './shared.js'\nexport const host = 'host:' + shared`,
  'shared.js': `import { deeper } from './deeper.js'\nexport const shared = 'shared:' + deeper`,
  'deeper.js': `export const deeper = 'deeper'`,
  'lazy.js': `import { shared } from './shared.js'\nimport { heavy } from './heavy.js'\nexport const lazy = shared + heavy`,
  'heavy.js': `export const heavy = '+heavy'`,
  'other.js': `import { deeper } from './deeper.js'\nexport const other = 'other:' + deeper`,
}

/** The files each `var` statement of `code` imports dynamically, for the statements that import any. */
const dynamicImportsByStatement = (code: string): string[][] =>
  code.split(/^var /m).map((line) => [...line.matchAll(/import\(["'`]([^"'`]+)["'`]\)/g)].map((m) => m[1]!).sort()).filter((files) => files.length > 0)

async function buildFixture(): Promise<string> {
  for (const [name, text] of Object.entries(SOURCES)) writeFileSync(join(dir, name), text)
  const outDir = join(dir, 'out')
  await build({
    root: dir, logLevel: 'silent', configFile: false, plugins: [workerImportPreload],
    build: { outDir, minify: false, lib: { entry: join(dir, 'entry.js'), formats: ['es'], fileName: 'entry' }, rolldownOptions: { output: { chunkFileNames: 'chunks/[name].js', entryFileNames: '[name].js' } } },
  })
  return outDir
}

describe('workerImportPreload', () => {
  it('imports a chunk\'s static imports alongside it, resolves to the chunk, and fetches no other chunk\'s', async () => {
    const outDir = await buildFixture()
    expect(readdirSync(join(outDir, 'chunks')).sort()).toEqual(['deeper.js', 'host.js', 'lazy.js', 'other.js', 'shared.js'])
    expect(readFileSync(join(outDir, 'chunks/host.js'), 'utf8')).toMatch(/from ["']\.\/shared\.js["']/)
    expect(readFileSync(join(outDir, 'chunks/shared.js'), 'utf8')).toMatch(/from ["']\.\/deeper\.js["']/)
    expect(dynamicImportsByStatement(readFileSync(join(outDir, 'entry.js'), 'utf8'))).toEqual([
      ['./chunks/deeper.js', './chunks/host.js', './chunks/shared.js'],
      ['./chunks/deeper.js', './chunks/lazy.js', './chunks/shared.js'],
      ['./chunks/deeper.js', './chunks/other.js'],
    ])

    type Entry = { loadHost(): Promise<{ host: string }>; loadLazy(): Promise<{ lazy: string }>; loadOther(): Promise<{ other: string }> }
    const entry = await import(pathToFileURL(join(outDir, 'entry.js')).href) as Entry
    expect((await entry.loadHost()).host).toBe('host:shared:deeper')
    expect((await entry.loadLazy()).lazy).toBe('shared:deeper+heavy')
    expect((await entry.loadOther()).other).toBe('other:deeper')
  })

  it('leaves an import of a chunk with no static imports, or of an unknown file, as written', () => {
    const chunks = new Map([['a.js', { imports: [] }]])
    expect(preloadDynamicImports(chunks, 'main.js', 'import(`./a.js`);import("./elsewhere.js")')).toBe('import(`./a.js`);import("./elsewhere.js")')
  })
})
