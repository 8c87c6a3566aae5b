// IdbSessionBackend.warm (called by preloadRuntime ahead of the boot): creates this origin's database at
// the current version and keeps no connection open (another tab's delete or upgrade is not blocked);
// the backend's own open then uses it; a config with its own factory (or none) is left alone.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import IdbSessionBackend, { DB_NAME, DB_VERSION } from '../../../src/session-idb/index.ts'
import { boot } from './harness.ts'

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read()
    if (done(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error('condition not reached')
}

const stored = () => indexedDB.databases()

describe('IdbSessionBackend.warm', () => {
  it('leaves nothing behind for a config that brings its own factory or none', async () => {
    IdbSessionBackend.warm({ indexedDB: null })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect((await stored()).map((db) => db.name)).not.toContain(DB_NAME)
  })

  it('creates the database at its version and closes it: a delete goes through, the backend opens it after', async () => {
    IdbSessionBackend.warm()
    const databases = await until(stored, (list) => list.some((db) => db.name === DB_NAME))
    expect(databases.find((db) => db.name === DB_NAME)?.version).toBe(DB_VERSION)
    const blocked = await new Promise<boolean>((resolve) => {
      const request = indexedDB.deleteDatabase(DB_NAME)
      request.onblocked = () => resolve(true)
      request.onsuccess = () => resolve(false)
    })
    expect(blocked).toBe(false)

    IdbSessionBackend.warm()
    await until(stored, (list) => list.some((db) => db.name === DB_NAME))
    const { root, errors, dispose } = await boot(indexedDB)
    expect(await root.sessionPersistence.list()).toEqual([])
    expect(errors).toEqual([])
    dispose()
  })
})
