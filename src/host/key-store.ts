/**
 * The provider key and MCP bearer tokens the user chose to remember on this device, stored apart
 * from session data in their own IndexedDB database (tokens under `mcp:<server url>`). Plane: worker; reads `indexedDB` lazily.
 * Contract: nothing is written unless `save` is called after explicit opt-in; `clear` removes it.
 * @module host/key-store
 */
import { openDB } from 'idb'
import { IDB_DATABASES } from '../util/idb-databases.ts'

const { name: DB_NAME, version: DB_VERSION } = IDB_DATABASES.secrets
const STORE = 'keys'
const ENTRY = 'provider'

function open() {
  return openDB(DB_NAME, DB_VERSION, { upgrade: (db) => void db.createObjectStore(STORE) })
}

type SecretsDb = Awaited<ReturnType<typeof open>>

async function readKey(db: SecretsDb): Promise<string | undefined> {
  const value: unknown = await db.get(STORE, ENTRY)
  return typeof value === 'string' ? value : undefined
}

/** Runs `read` on the secrets database, or returns `fallback` where there is no IndexedDB. */
async function withSecrets<T>(fallback: T, read: (db: SecretsDb) => Promise<T>): Promise<T> {
  if (typeof globalThis.indexedDB === 'undefined') return fallback
  const db = await open().catch(() => undefined) // a full origin cannot even create the database: nothing is remembered
  if (!db) return fallback
  try {
    return await read(db)
  } finally {
    db.close()
  }
}

export async function saveRememberedKey(key: string): Promise<void> {
  const db = await open()
  try {
    await db.put(STORE, key, ENTRY)
  } finally {
    db.close()
  }
}

export async function clearRememberedKey(): Promise<void> {
  if (typeof globalThis.indexedDB === 'undefined') return
  const db = await open()
  try {
    await db.delete(STORE, ENTRY)
  } finally {
    db.close()
  }
}

const MCP_PREFIX = 'mcp:'

async function readMcpTokens(db: SecretsDb): Promise<Map<string, string>> {
  const tokens = new Map<string, string>()
  const keys = await db.getAllKeys(STORE, IDBKeyRange.bound(MCP_PREFIX, `${MCP_PREFIX}\uffff`))
  for (const key of keys) {
    const value: unknown = await db.get(STORE, key)
    if (typeof value === 'string') tokens.set(String(key).slice(MCP_PREFIX.length), value)
  }
  return tokens
}

/** Remembered MCP bearer tokens by server URL. */
export function loadRememberedMcpTokens(): Promise<Map<string, string>> {
  return withSecrets(new Map(), readMcpTokens)
}

export interface RememberedSecrets { key: string | undefined; mcpTokens: Map<string, string> }

/** The remembered key and MCP tokens in one open of the database (a configuration needs both). */
export function loadRememberedSecrets(): Promise<RememberedSecrets> {
  return withSecrets({ key: undefined, mcpTokens: new Map() }, async (db) => ({ key: await readKey(db), mcpTokens: await readMcpTokens(db) }))
}

/** The read `prefetchRememberedSecrets` started, until the first host takes it. */
let prefetched: Promise<RememberedSecrets> | undefined
let firstTaken = false

/**
 * Starts the first host's read of the remembered secrets before that host exists: the worker entry
 * calls it while the host module still loads (a fresh profile's first IndexedDB open is the slow one).
 * Does nothing once a host has taken its first read.
 */
export function prefetchRememberedSecrets(): void {
  if (firstTaken) return
  prefetched ??= loadRememberedSecrets()
  prefetched.catch(() => undefined) // a failed read is the first configuration's to report
}

/** The first host's read: the prefetched one when there is one, else a new read. */
export function takeFirstSecretsRead(): Promise<RememberedSecrets> {
  firstTaken = true
  const read = prefetched ?? loadRememberedSecrets()
  prefetched = undefined
  return read
}

/** Stores (`token`) or removes (`null`) the remembered token of the MCP server at `url`. */
export async function rememberMcpToken(url: string, token: string | null): Promise<void> {
  if (token === null && typeof globalThis.indexedDB === 'undefined') return
  const db = await open()
  try {
    if (token === null) await db.delete(STORE, `${MCP_PREFIX}${url}`)
    else await db.put(STORE, token, `${MCP_PREFIX}${url}`)
  } finally {
    db.close()
  }
}

/** Replaces every occurrence of `secret` in `text` (error messages bound for the page). */
export function scrubSecret(text: string, secret: string | undefined): string {
  return secret && secret.length > 0 ? text.split(secret).join('[redacted]') : text
}
