// "Delete all my data" with IndexedDB storage removes the sessions, the remembered key and the
// stored workspace, and the host keeps working on a fresh runtime; the databases of the origin
// before and after are the catalogue's (util/idb-databases.ts); with memory sessions it still
// deletes the databases that hold the reader's data (the remembered key's among them).
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentHost } from '../../../src/host/index.ts'
import { createRuntime } from '../../../src/kernel/runtime.ts'
import type { CommandKind, CommandOf, CommandResultMap, RuntimeSettings } from '../../../src/protocol/index.ts'
import { IDB_DATABASES } from '../../../src/util/idb-databases.ts'

const hosts: AgentHost[] = []
afterEach(async () => { await Promise.all(hosts.splice(0).map((host) => host.reset())) })

async function call<K extends CommandKind>(host: AgentHost, command: CommandOf<K>): Promise<CommandResultMap[K]> {
  const reply = await host.call(command)
  if (!reply.ok) throw Object.assign(new Error(reply.message), { code: reply.code })
  return reply.value as CommandResultMap[K]
}

const write = { name: 'write', arguments: { file_path: 'notes.md', content: 'kept in IndexedDB\n' } }
const databases = async () => (await indexedDB.databases()).map((info) => info.name).sort()
/** Rows of every store of `name` (opened without a version: it is read as it is). */
async function rows(name: string): Promise<number> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => { const r = indexedDB.open(name); r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error) })
  let count = 0
  for (const store of db.objectStoreNames) count += await new Promise<number>((resolve) => { const r = db.transaction(store).objectStore(store).count(); r.onsuccess = () => resolve(r.result) })
  db.close()
  return count
}

describe('data.delete-all', () => {
  it('deletes every stored session and the stored workspace', async () => {
    const host = new AgentHost(createRuntime)
    hosts.push(host)
    await host.attach(() => {})
    const settings: RuntimeSettings = { provider: 'scripted', replies: [{ text: 'writing', toolCalls: [write] }, { text: 'done' }], permissions: 'workspace-write', storage: 'indexeddb' }
    await call(host, { kind: 'host.configure', settings })
    const { sessionId } = await call(host, { kind: 'session.open' })
    await call(host, { kind: 'agent.prompt', sessionId, text: 'save a note' })
    await host.agent(sessionId).whenIdle()
    await call(host, { kind: 'storage.flush' })
    expect((await call(host, { kind: 'workspace.snapshot' })).files['notes.md']).toBe('kept in IndexedDB\n')
    expect(await call(host, { kind: 'session.list' })).toHaveLength(1)

    await call(host, { kind: 'data.delete-all' })

    expect(await call(host, { kind: 'session.list' })).toEqual([])
    // the fresh runtime reloaded its workspace from IndexedDB: the note is gone there too
    expect((await call(host, { kind: 'workspace.snapshot' })).files['notes.md']).toBeUndefined()
  })

  it('lists the catalogue\'s databases after a full session; after delete-all none of them holds a row of it', async () => {
    for (const name of await databases()) await new Promise((resolve) => { indexedDB.deleteDatabase(name!).onsuccess = resolve })
    const host = new AgentHost(createRuntime)
    hosts.push(host)
    await host.attach(() => {})
    const big = { name: 'bash', arguments: { command: 'seq 1 11000', description: 'count' } }
    const settings: RuntimeSettings = { provider: 'scripted', replies: [{ text: 'working', toolCalls: [write, big] }, { text: 'done' }], permissions: 'workspace-write', storage: 'indexeddb' }
    await call(host, { kind: 'host.configure', settings })
    await call(host, { kind: 'provider.key', apiKey: 'sk-remember-me', remember: true })
    const { sessionId } = await call(host, { kind: 'session.open' })
    await call(host, { kind: 'agent.prompt', sessionId, text: 'save a note and count' })
    await host.agent(sessionId).whenIdle()
    await call(host, { kind: 'storage.flush' })
    await call(host, { kind: 'session.search', query: 'note' })
    const { sessions, workspaces, spill, search, secrets } = IDB_DATABASES
    const readerDatabases = [sessions, workspaces, spill, search, secrets].map((entry) => entry.name)
    expect(await databases()).toEqual([...readerDatabases].sort())
    for (const name of readerDatabases) await expect.poll(() => rows(name), { message: `${name} holds the session's data` }).toBeGreaterThan(0) // the index saves after a pause

    await call(host, { kind: 'data.delete-all' })

    for (const name of await databases()) expect(await rows(name!), `${name} after delete-all`).toBe(0)
    expect(await call(host, { kind: 'session.list' })).toEqual([])
  })

  it('with memory sessions deletes the databases that hold the reader\'s data too (the remembered key\'s)', async () => {
    for (const name of await databases()) await new Promise((resolve) => { indexedDB.deleteDatabase(name!).onsuccess = resolve })
    const host = new AgentHost(createRuntime)
    hosts.push(host)
    await host.attach(() => {})
    await call(host, { kind: 'host.configure', settings: { provider: 'scripted', replies: [{ text: 'hi' }], permissions: 'ask', storage: 'memory' } })
    await call(host, { kind: 'provider.key', apiKey: 'sk-remember-me', remember: true })
    expect(await databases()).toEqual([IDB_DATABASES.secrets.name])
    await call(host, { kind: 'data.delete-all' })
    expect(await databases()).toEqual([])
  })
})
