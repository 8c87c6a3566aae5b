/**
 * The provider key and MCP bearer tokens the user chose to remember on this device, stored apart
 * from session data in their own IndexedDB database (tokens under `mcp:<server url>`). Plane: worker; reads `indexedDB` lazily.
 * Contract: nothing is written unless `save` is called after explicit opt-in; `clear` removes it.
 * @module host/key-store
 */
import { openDB } from 'idb'

const DB_NAME = 'dsh-agent-secrets'
const STORE = 'keys'
const ENTRY = 'provider'

function open() {
  return openDB(DB_NAME, 1, { upgrade: (db) => void db.createObjectStore(STORE) })
}

type SecretsDb = Awaited<ReturnType<typeof open>>

async function readKey(db: SecretsDb): Promise<string | undefined> {
  const value: unknown = await db.get(STORE, ENTRY)
  return typeof value === 'string' ? value : undefined
}

/** Runs `read` on the secrets database, or returns `fallback` where there is no IndexedDB. */
async function withSecrets<T>(fallback: T, read: (db: SecretsDb) => Promise<T>): Promise<T> {
  if (typeof globalThis.indexedDB === 'undefined') return fallback
  const db = await open()
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

/** The remembered key and MCP tokens in one open of the database (a configuration needs both). */
export function loadRememberedSecrets(): Promise<{ key: string | undefined; mcpTokens: Map<string, string> }> {
  return withSecrets({ key: undefined, mcpTokens: new Map() }, async (db) => ({ key: await readKey(db), mcpTokens: await readMcpTokens(db) }))
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
