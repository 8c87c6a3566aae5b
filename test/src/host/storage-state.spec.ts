// A storage failure is never silent (reliability: quota): the page's storage state keeps the cause
// and its remedy while the session is kept in memory (never a bare "memory-only"), the cause is
// reported once as host.error with its code (the element's dsh-error), and saving again clears it.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { quotaFull } from '../session-idb/harness.ts'
import { AgentHost } from '../../../src/host/index.ts'
import { createRuntime } from '../../../src/kernel/runtime.ts'
import type { HostNotice, RuntimeSettings, SessionOpened } from '../../../src/protocol/index.ts'

const settings: RuntimeSettings = { provider: 'scripted', replies: [{ text: 'one' }, { text: 'two' }, { text: 'three' }], permissions: 'workspace-write', storage: 'indexeddb' }
const hosts: AgentHost[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(hosts.splice(0).map((host) => host.reset()))
})
const settle = () => new Promise((resolve) => setTimeout(resolve, 30))

describe('storage state under quota', () => {
  it('keeps QUOTA_EXCEEDED and what to do in the state, reports it once, and clears it when saving resumes', async () => {
    const host = new AgentHost(createRuntime)
    hosts.push(host)
    const notices: HostNotice[] = []
    await host.attach((batch) => { notices.push(...batch) })
    await host.call({ kind: 'host.configure', settings })
    const { sessionId } = ((await host.call({ kind: 'session.open' })) as { value: SessionOpened }).value
    quotaFull()
    for (const text of ['a', 'b']) {
      await host.call({ kind: 'agent.prompt', sessionId, text })
      await host.agent(sessionId).whenIdle()
      await host.call({ kind: 'storage.flush' })
    }
    await settle()
    const states = notices.flatMap((n) => (n.kind === 'storage.state' ? [n.state] : []))
    expect(states.at(-1)).toEqual({ health: 'memory-only', code: 'QUOTA_EXCEEDED', message: expect.stringContaining('delete old sessions or free space') })
    expect(states.some((s) => s.health !== 'ok' && s.code === undefined)).toBe(false)
    expect(notices.filter((n) => n.kind === 'host.error')).toEqual([
      { kind: 'host.error', code: 'QUOTA_EXCEEDED', sessionId, message: expect.stringContaining('Export the sessions you need') },
    ])
    vi.restoreAllMocks()
    await host.call({ kind: 'agent.prompt', sessionId, text: 'c' })
    await host.agent(sessionId).whenIdle()
    await host.call({ kind: 'storage.flush' })
    await settle()
    expect(notices.flatMap((n) => (n.kind === 'storage.state' ? [n.state] : [])).at(-1)).toEqual({ health: 'ok' })
  })
})

describe('workspace save state', () => {
  it('an unsaved workspace file shows in the storage state with its cause, is reported once, and clears when it is gone', async () => {
    const realPut = IDBObjectStore.prototype.put
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function put(this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      const data = (value as { node?: { data?: { length: number } } }).node?.data
      if (data !== undefined && data.length > 100_000) {
        this.transaction.abort()
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      }
      return realPut.call(this, value, key)
    })
    const bash = (command: string) => ({ toolCalls: [{ name: 'bash', arguments: { command, description: command } }] })
    const host = new AgentHost(createRuntime)
    hosts.push(host)
    const notices: HostNotice[] = []
    await host.attach((batch) => { notices.push(...batch) })
    await host.call({ kind: 'host.configure', settings: { ...settings, replies: [bash('seq 1 90000 > big.txt'), { text: 'wrote' }, bash('rm big.txt'), { text: 'removed' }] } })
    const { sessionId } = ((await host.call({ kind: 'session.open' })) as { value: SessionOpened }).value
    await host.call({ kind: 'agent.prompt', sessionId, text: 'write' })
    await host.agent(sessionId).whenIdle()
    await settle()
    const states = () => notices.flatMap((n) => (n.kind === 'storage.state' ? [n.state] : []))
    expect(states().at(-1)).toEqual({
      health: 'error', code: 'QUOTA_EXCEEDED', message: expect.stringContaining('will be gone after a reload'),
      workspace: { saved: false, unsaved: ['big.txt'] },
    })
    expect(notices.filter((n) => n.kind === 'host.error').map((n) => (n as { code: string }).code)).toEqual(['WORKSPACE_NOT_SAVED'])
    await host.call({ kind: 'agent.prompt', sessionId, text: 'remove' })
    await host.agent(sessionId).whenIdle()
    await settle()
    expect(states().at(-1)).toEqual({ health: 'ok', workspace: { saved: true } })
  })
})
