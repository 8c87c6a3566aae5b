// The IndexedDB spill store on fake-indexeddb: bodies round-trip by id across store instances,
// a session's bodies go together, and an unknown id or an unavailable IndexedDB reads as missing.
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { IDBFactory } from 'fake-indexeddb'
import { idbSpillStore } from '../../../src/spill/index.ts'

describe('idbSpillStore', () => {
  it('saves, reads back from a new instance, and deletes per session', async () => {
    const factory = new IDBFactory()
    const original = globalThis.indexedDB
    globalThis.indexedDB = factory
    try {
      const a = idbSpillStore()
      await a.save({ id: 'one', sessionId: 's1', text: 'first body' })
      await a.save({ id: 'two', sessionId: 's1', text: 'second body' })
      await a.save({ id: 'three', sessionId: 's2', text: 'other session' })
      const b = idbSpillStore()
      expect(await b.read('one')).toBe('first body')
      expect(await b.read('nope')).toBeUndefined()
      expect(await b.deleteSession('s1')).toBe(2)
      expect(await b.read('two')).toBeUndefined()
      expect(await b.read('three')).toBe('other session')
    } finally {
      globalThis.indexedDB = original
    }
  })

  it('without IndexedDB a save rejects (the policy keeps the result inline) and a read is missing', async () => {
    const store = idbSpillStore(() => undefined)
    await expect(store.save({ id: 'x', sessionId: 's', text: 't' })).rejects.toThrow(/IndexedDB is not available/)
    expect(await store.read('x')).toBeUndefined()
  })
})
