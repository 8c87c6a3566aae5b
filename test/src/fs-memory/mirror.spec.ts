// The workspace survives re-creating the runtime: IndexedDB (fake-indexeddb) and memory
// mirrors, write-behind (the call returns before the save), stored state winning over config files.
import 'fake-indexeddb/auto'
import { Context } from '@deepseek-ai/cordis'
import { openDB } from 'idb'
import { describe, expect, it } from 'vitest'
import MemoryFileSystem, { type Config } from '../../../src/fs-memory/index.ts'
import { WORKSPACE_DB_NAME } from '../../../src/fs-memory/idb-mirror.ts'

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

it('writes behind: the write resolves before IndexedDB holds it, flush makes it durable', async () => {
  const workspace = `ws-behind-${Math.random()}`
  const fs = await open({ workspace, mirror: 'indexeddb' })
  await fs.writeText(fs.resolve('a.txt'), 'a')
  const db = await openDB(WORKSPACE_DB_NAME)
  const stored = () => db.getAll('files').then((rows) => rows.filter((r) => r.workspace === workspace).map((r) => r.path).sort())
  expect(await stored()).toEqual([])
  await fs.flush()
  expect(await stored()).toEqual(['/workspace', '/workspace/a.txt'])
  db.close()
})

it('workspaces are separate', async () => {
  const a = await open({ workspace: 'iso-a', mirror: 'memory' })
  await a.writeText(a.resolve('only-a.txt'), 'a')
  await a.flush()
  const b = await open({ workspace: 'iso-b', mirror: 'memory' })
  expect(await b.stat(b.resolve('only-a.txt'))).toBeUndefined()
})
