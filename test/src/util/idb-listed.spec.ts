// mayExist: false only when the browser lists this origin's databases and the name is not among them;
// true for a listed database, and when the browser cannot list them (then the caller opens as before).
import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import { mayExist } from '../../../src/util/idb-listed.ts'

describe('mayExist', () => {
  it('says whether the browser lists the database, without creating it', async () => {
    expect(await mayExist('dsh-test-listed')).toBe(false)
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain('dsh-test-listed')
    await new Promise((resolve) => { indexedDB.open('dsh-test-listed', 1).onsuccess = (event) => resolve((event.target as IDBOpenDBRequest).result.close()) })
    expect(await mayExist('dsh-test-listed')).toBe(true)
  })

  it('answers true where the databases cannot be listed', async () => {
    const list = vi.spyOn(indexedDB, 'databases').mockRejectedValue(new Error('denied'))
    expect(await mayExist('dsh-test-unlisted')).toBe(true)
    list.mockRestore()
    const listing = indexedDB.databases
    Object.defineProperty(indexedDB, 'databases', { value: undefined, configurable: true })
    expect(await mayExist('dsh-test-unlisted')).toBe(true)
    Object.defineProperty(indexedDB, 'databases', { value: listing, configurable: true })
  })
})
