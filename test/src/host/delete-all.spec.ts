// "Delete all my data" with IndexedDB storage removes the sessions, the remembered key and the
// stored workspace, and the host keeps working on a fresh runtime.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentHost } from '../../../src/host/index.ts'
import { createRuntime } from '../../../src/kernel/runtime.ts'
import type { CommandKind, CommandOf, CommandResultMap, RuntimeSettings } from '../../../src/protocol/index.ts'

const hosts: AgentHost[] = []
afterEach(async () => { await Promise.all(hosts.splice(0).map((host) => host.reset())) })

async function call<K extends CommandKind>(host: AgentHost, command: CommandOf<K>): Promise<CommandResultMap[K]> {
  const reply = await host.call(command)
  if (!reply.ok) throw Object.assign(new Error(reply.message), { code: reply.code })
  return reply.value as CommandResultMap[K]
}

const write = { name: 'write', arguments: { file_path: 'notes.md', content: 'kept in IndexedDB\n' } }

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
})
