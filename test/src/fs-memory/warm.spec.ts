// MemoryFileSystem.warm (called by preloadRuntime ahead of the boot): an IndexedDB mirror starts opening
// the workspace database, which its load then uses; where the browser lists no workspace database (nothing
// was ever saved) neither the warm-up nor the load creates one, and the first save does; a memory mirror
// (or none) touches no IndexedDB. (Each test imports the modules afresh: the connection is module state.)
import 'fake-indexeddb/auto'
import { Context } from '@deepseek-ai/cordis'
import { describe, expect, it, vi } from 'vitest'

async function fresh() {
  vi.resetModules()
  const { default: MemoryFileSystem } = await import('../../../src/fs-memory/index.ts')
  const { WORKSPACE_DB_NAME } = await import('../../../src/fs-memory/idb-mirror.ts')
  return { MemoryFileSystem, WORKSPACE_DB_NAME }
}

const workspaceOpens = (open: { mock: { calls: unknown[][] } }, name: string) => open.mock.calls.filter(([opened]) => opened === name).length

describe('MemoryFileSystem.warm', () => {
  it('opens nothing for a memory mirror or none', async () => {
    const { MemoryFileSystem } = await fresh()
    const open = vi.spyOn(indexedDB, 'open')
    MemoryFileSystem.warm({ mirror: 'memory' })
    MemoryFileSystem.warm({ mirror: 'none' })
    expect(open).not.toHaveBeenCalled()
    open.mockRestore()
  })

  it('creates no workspace database where none is listed: not the warm-up, not the load; the first save does', async () => {
    const { MemoryFileSystem, WORKSPACE_DB_NAME } = await fresh()
    const open = vi.spyOn(indexedDB, 'open')
    MemoryFileSystem.warm({ mirror: 'indexeddb' })
    const root = new Context()
    await root.plugin(MemoryFileSystem, { mirror: 'indexeddb' })
    expect(await root.fs.stat(root.fs.resolve('a.txt'))).toBeUndefined()
    expect(workspaceOpens(open, WORKSPACE_DB_NAME)).toBe(0)
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(WORKSPACE_DB_NAME)
    await root.fs.writeText(root.fs.resolve('a.txt'), 'saved')
    await root.fs.flush()
    expect((await indexedDB.databases()).map((database) => database.name)).toContain(WORKSPACE_DB_NAME)
    open.mockRestore()
  })

  it('opens an existing workspace database once for an IndexedDB mirror: the load at start reuses that connection', async () => {
    const { MemoryFileSystem, WORKSPACE_DB_NAME } = await fresh()
    const open = vi.spyOn(indexedDB, 'open')
    MemoryFileSystem.warm({ mirror: 'indexeddb' })
    await vi.waitFor(() => expect(workspaceOpens(open, WORKSPACE_DB_NAME)).toBe(1))
    const root = new Context()
    await root.plugin(MemoryFileSystem, { mirror: 'indexeddb' })
    expect(await root.fs.readText(root.fs.resolve('a.txt'))).toBe('saved')
    expect(workspaceOpens(open, WORKSPACE_DB_NAME)).toBe(1)
    open.mockRestore()
  })
})
