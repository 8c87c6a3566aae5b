/**
 * Vite plugin giving a worker build's dynamic imports what `modulepreload` gives a page's: each
 * `import('./chunk.js')` in the output also imports, in the same tick, every chunk that chunk
 * statically imports (transitively), so the browser fetches them all at once instead of one level
 * of imports after another (Vite adds no preload to worker or library builds: a worker has no
 * document to put `<link rel=modulepreload>` in). The call still resolves to the imported chunk's
 * namespace and fails as it did; what is lazy stays lazy (a chunk's dependencies are fetched only
 * when that chunk is). Used as a worker plugin by every build config.
 * @module scripts/vite-worker-preload
 */
import { posix } from 'node:path'
import type { Plugin } from 'vite'

/** A dynamic import of a relative chunk path, as the bundler writes it (any quote). */
const DYNAMIC_IMPORT = /\bimport\(\s*(["'`])(\.{1,2}\/[^"'`]+)\1\s*\)/g

/** The chunks of a bundle by file name, with the files each imports statically. */
type Chunks = ReadonlyMap<string, { readonly imports: readonly string[] }>

/** Every chunk `fileName` imports statically, directly or through another chunk, in first-seen order. */
function staticClosure(chunks: Chunks, fileName: string): string[] {
  const seen = new Set<string>()
  const visit = (name: string): void => {
    for (const imported of chunks.get(name)?.imports ?? []) {
      if (seen.has(imported)) continue
      seen.add(imported)
      visit(imported)
    }
  }
  visit(fileName)
  return [...seen]
}

/** A path to `target` as written from `from` (both output file names). */
function relativeSpecifier(from: string, target: string): string {
  const path = posix.relative(posix.dirname(from), target)
  return path.startsWith('.') ? path : `./${path}`
}

/** `code` of chunk `fileName` with each dynamic import of a chunk that has static imports rewritten to fetch them alongside. */
export function preloadDynamicImports(chunks: Chunks, fileName: string, code: string): string {
  return code.replace(DYNAMIC_IMPORT, (call: string, quote: string, specifier: string) => {
    const target = posix.normalize(posix.join(posix.dirname(fileName), specifier))
    const dependencies = chunks.has(target) ? staticClosure(chunks, target) : []
    if (dependencies.length === 0) return call
    const imports = dependencies.map((dependency) => `import(${quote}${relativeSpecifier(fileName, dependency)}${quote})`)
    return `Promise.all([${call},${imports.join(',')}]).then((m)=>m[0])`
  })
}

export const workerImportPreload: Plugin = {
  name: 'dsh-worker-import-preload',
  apply: 'build',
  // Before hashing (names are placeholders here): each file's hash then covers what it imports.
  renderChunk(code, chunk, _options, meta) {
    const chunks: Chunks = new Map(Object.values(meta.chunks).map((rendered) => [rendered.fileName, rendered]))
    const rewritten = preloadDynamicImports(chunks, chunk.fileName, code)
    return rewritten === code ? null : { code: rewritten, map: null }
  },
}
