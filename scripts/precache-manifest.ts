/**
 * The precache list of a build output directory: the given entry files and every file they reach
 * by name (a chunk, a worker, a stylesheet or a font named in a file already listed), each with a
 * content hash as its Workbox revision, and the version that names the caches (a hash of the list).
 * Derived from what the build wrote, never a hand list; files nothing reaches (test pages) stay out.
 * @module scripts/precache-manifest
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { basename, join, sep } from 'node:path'

export interface PrecacheEntry { url: string; revision: string }
export interface PrecacheManifest { entries: PrecacheEntry[]; version: string; bytes: number }

/** File types a page, its worker or the widget fetches; source maps and type declarations are left out. */
const PRECACHED = /\.(html|js|css|woff2?|ttf|otf|json|wasm|svg|png|ico|webp|md|txt)$/
/** Files that may name other files: followed for references. */
const TEXT = /\.(html|js|css)$/

/**
 * @param root - the directory the service worker is served from (URLs are relative to it)
 * @param isEntry - which relative paths (posix) are listed whatever references them
 * @param belongs - which files may be listed at all (another build's output sharing the directory stays out)
 */
export function precacheManifest(root: string, isEntry: (path: string) => boolean, belongs: (path: string) => boolean = () => true): PrecacheManifest {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).map((file) => file.split(sep).join('/')).filter((path) => PRECACHED.test(path) && belongs(path))
  // Built chunk names carry a content hash, so a base name names one file.
  const byName = new Map(files.filter((path) => /-[\w-]{8}\.\w+$/.test(path)).map((path) => [basename(path), path]))
  const names = new RegExp([...byName.keys()].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|') || '(?!)', 'g')
  const listed = new Set<string>()
  const visit = (path: string): void => {
    if (listed.has(path)) return
    listed.add(path)
    if (!TEXT.test(path)) return
    for (const [name] of readFileSync(join(root, path), 'utf8').matchAll(names)) visit(byName.get(name)!)
  }
  for (const path of files.filter(isEntry)) visit(path)
  let bytes = 0
  const entries = [...listed].sort().map((url) => {
    const body = readFileSync(join(root, url))
    bytes += body.length
    return { url, revision: createHash('sha256').update(body).digest('hex').slice(0, 16) }
  })
  const version = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 12)
  return { entries, version, bytes }
}
