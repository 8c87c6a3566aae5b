// The workspace survives re-creating the runtime: IndexedDB (fake-indexeddb) and memory
// mirrors, write-behind (the call returns before the save), stored state winning over config files.
import 'fake-indexeddb/auto'
import { Context } from '@deepseek-ai/cordis'
import { openDB } from 'idb'
import { describe, expect, it } from 'vitest'
import MemoryFileSystem, { type Config } from '../../../src/fs-memory/index.ts'
import { WORKSPACE_DB_NAME } from '../../../src/fs-memory/idb-mirror.ts'
import { WriteBehind } from '../../../src/fs-memory/mirror.ts'

async function open(config: Config) {
  const root = new Context()
  await root.plugin(MemoryFileSystem, config)
  return root.fs
}

describe.each(['indexeddb', 'memory'] as const)('%s mirror', (mirror) => {
  it('restores files, directories and versions after a reload; config files seed only a new workspace', async () => {
    const workspace = `ws-${mirror}-${Math.random()}`
    const first = await open({ workspace, mirror, files: { 'seed.txt': 'seed' } })
    const { version } = await first.writeText(first.resolve('src/kept.ts'), 'kept')
    await first.rm(first.resolve('seed.txt'))
    await first.flush()
    const second = await open({ workspace, mirror, files: { 'seed.txt': 'seed', 'other.txt': 'x' } })
    expect(await second.readText(second.resolve('src/kept.ts'))).toBe('kept')
    expect((await second.stat(second.resolve('src/kept.ts')))!.version).toBe(version)
    expect(await second.stat(second.resolve('seed.txt'))).toBeUndefined()
    expect(await second.stat(second.resolve('other.txt'))).toBeUndefined()
    const next = await second.writeText(second.resolve('src/kept.ts'), 'again')
    expect(Number(next.version)).toBeGreaterThan(Number(version))
  })
})

it('writes behind: record() returns at once, flush() waits for the store, a failed batch is retried', async () => {
  const saved: string[][] = []
  let release!: () => void
  let fail = true
  const writeBehind = new WriteBehind({
    load: async () => [],
    save: async (puts) => {
      await new Promise<void>((resolve) => { release = resolve })
      if (fail) { fail = false; throw new Error('quota') }
      saved.push(puts.map((p) => p.path))
    },
  }, (state) => saved.push([state.saved ? 'saved' : `${state.code}: ${state.unsaved.join(',')}`]))
  writeBehind.record('/workspace/a', { kind: 'directory', version: 1, mtime: 0 })
  const flushed = writeBehind.flush()
  await new Promise((resolve) => setTimeout(resolve, 5))
  expect(saved).toEqual([])
  release()
  await flushed
  expect(saved).toEqual([['WORKSPACE_NOT_SAVED: /workspace/a']])
  expect(writeBehind.state).toMatchObject({ saved: false, unsaved: ['/workspace/a'], code: 'WORKSPACE_NOT_SAVED' })
  const retried = writeBehind.flush()
  await new Promise((resolve) => setTimeout(resolve, 0))
  release()
  await retried
  expect(saved).toEqual([['WORKSPACE_NOT_SAVED: /workspace/a'], ['/workspace/a'], ['saved']])
  expect(writeBehind.state).toEqual({ saved: true })
})

it('a batch with one file over the quota saves the others path by path; the failed one keeps its old saved state', async () => {
  const stored = new Map<string, number>([['/workspace/big', 1]])
  const quota = Object.assign(new Error('over quota'), { name: 'QuotaExceededError' })
  const writeBehind = new WriteBehind({
    load: async () => [],
    save: async (puts) => {
      if (puts.some((p) => p.path === '/workspace/big')) throw quota // one transaction: nothing of it lands
      for (const p of puts) stored.set(p.path, p.node.version)
    },
  }, () => undefined)
  writeBehind.record('/workspace/small', { kind: 'file', version: 3, mtime: 0, data: new Uint8Array(1) } as never)
  writeBehind.record('/workspace/big', { kind: 'file', version: 2, mtime: 0, data: new Uint8Array(1) } as never)
  await writeBehind.flush()
  expect(stored).toEqual(new Map([['/workspace/big', 1], ['/workspace/small', 3]]))
  expect(writeBehind.state).toMatchObject({ saved: false, unsaved: ['/workspace/big'], code: 'QUOTA_EXCEEDED' })
  expect((writeBehind.state as { message: string }).message).toContain('will be gone after a reload')
  writeBehind.record('/workspace/big', undefined) // deleting it: nothing left unsaved
  await writeBehind.flush()
  expect(writeBehind.state).toEqual({ saved: true })
})

it('IndexedDB holds the files once flushed', async () => {
  const workspace = `ws-idb-${Math.random()}`
  const fs = await open({ workspace, mirror: 'indexeddb' })
  await fs.writeText(fs.resolve('a.txt'), 'a')
  await fs.flush()
  const db = await openDB(WORKSPACE_DB_NAME)
  const rows = (await db.getAll('files')).filter((r) => r.workspace === workspace)
  expect(rows.map((r) => r.path).sort()).toEqual(['/workspace', '/workspace/a.txt'])
  db.close()
})

it('workspaces are separate', async () => {
  const a = await open({ workspace: 'iso-a', mirror: 'memory' })
  await a.writeText(a.resolve('only-a.txt'), 'a')
  await a.flush()
  const b = await open({ workspace: 'iso-b', mirror: 'memory' })
  expect(await b.stat(b.resolve('only-a.txt'))).toBeUndefined()
})
