/**
 * The provider key the user chose to remember on this device, stored apart from session data
 * in its own IndexedDB database. Plane: worker; reads `indexedDB` lazily.
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

export async function loadRememberedKey(): Promise<string | undefined> {
  if (typeof globalThis.indexedDB === 'undefined') return undefined
  const db = await open()
  try {
    const value: unknown = await db.get(STORE, ENTRY)
    return typeof value === 'string' ? value : undefined
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

/** Replaces every occurrence of `secret` in `text` (error messages bound for the page). */
export function scrubSecret(text: string, secret: string | undefined): string {
  return secret && secret.length > 0 ? text.split(secret).join('[redacted]') : text
}
