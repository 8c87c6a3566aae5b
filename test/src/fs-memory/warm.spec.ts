// MemoryFileSystem.warm (called by preloadRuntime ahead of the boot): an IndexedDB mirror starts opening
// the workspace database, which its load then uses; a memory mirror (or none) touches no IndexedDB.
import 'fake-indexeddb/auto'
import { Context } from '@deepseek-ai/cordis'
import { describe, expect, it, vi } from 'vitest'
import MemoryFileSystem from '../../../src/fs-memory/index.ts'
import { WORKSPACE_DB_NAME } from '../../../src/fs-memory/idb-mirror.ts'

describe('MemoryFileSystem.warm', () => {
  it('opens nothing for a memory mirror or none', () => {
    const open = vi.spyOn(indexedDB, 'open')
    MemoryFileSystem.warm({ mirror: 'memory' })
    MemoryFileSystem.warm({ mirror: 'none' })
    expect(open).not.toHaveBeenCalled()
    open.mockRestore()
  })

  it('opens the workspace database for an IndexedDB mirror once: the load at start reuses that connection', async () => {
    const open = vi.spyOn(indexedDB, 'open')
    MemoryFileSystem.warm({ mirror: 'indexeddb' })
    expect(open.mock.calls.map(([name]) => name)).toEqual([WORKSPACE_DB_NAME])
    const root = new Context()
    await root.plugin(MemoryFileSystem, { mirror: 'indexeddb', files: { 'a.txt': 'seed' } })
    expect(await root.fs.readText(root.fs.resolve('a.txt'))).toBe('seed')
    expect(open).toHaveBeenCalledTimes(1)
    open.mockRestore()
  })
})
