/**
 * Bodies of URL-backed skills, fetched on first use (credentials omitted) and kept in IndexedDB
 * (`dsh-skill-bodies`, keyed by URL) where the browser has it, in memory otherwise.
 * Plane: worker/shared; reads `indexedDB` only when called. Contract: a failed fetch is a
 * `SkillFetchError` naming the URL and the HTTP code; nothing failed is cached.
 * @module skills/body-cache
 */
import { openDB, type IDBPDatabase } from 'idb'
import { IDB_DATABASES } from '../util/idb-databases.ts'

export class SkillFetchError extends Error {
  override readonly name = 'SkillFetchError'
  readonly code = 'SKILL_FETCH'
}

const { name: DB_NAME, version: DB_VERSION } = IDB_DATABASES.skillBodies
const STORE = 'bodies'
const MAX_BODY_BYTES = 1_000_000

let database: Promise<IDBPDatabase | undefined> | undefined
function db(): Promise<IDBPDatabase | undefined> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(undefined)
  database ??= openDB(DB_NAME, DB_VERSION, { upgrade: (d) => { d.createObjectStore(STORE) } }).catch(() => undefined) // storage refused: memory only
  return database
}

const memory = new Map<string, string>()

async function download(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { credentials: 'omit', ...(signal ? { signal } : {}) }).catch((error: Error) => {
    throw new SkillFetchError(`could not fetch ${url}: ${error.message}`)
  })
  if (!response.ok) throw new SkillFetchError(`${url} answered HTTP ${response.status}`)
  const text = await response.text()
  if (text.length > MAX_BODY_BYTES) throw new SkillFetchError(`${url} is larger than ${MAX_BODY_BYTES} bytes`)
  return text
}

/** The body at `url`: from memory, then IndexedDB, then the network (stored on success). */
export async function skillBody(url: string, signal?: AbortSignal): Promise<string> {
  const known = memory.get(url)
  if (known !== undefined) return known
  const store = await db()
  const stored: unknown = await store?.get(STORE, url).catch(() => undefined)
  if (typeof stored === 'string') {
    memory.set(url, stored)
    return stored
  }
  const body = await download(url, signal)
  memory.set(url, body)
  await store?.put(STORE, body, url).catch(() => undefined) // quota: still served from memory this session
  return body
}
