// The first host's read of the remembered secrets can start before the host exists (the worker entry
// starts it while the host module loads): the host then takes that read over — one open of the
// secrets database, the remembered key in its first configuration — and once a host has taken its
// first read, a late prefetch opens nothing. (Module state: the order of these tests matters.)
import 'fake-indexeddb/auto'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { AgentHost } from '../../../src/host/index.ts'
import { clearRememberedKey, prefetchRememberedSecrets, saveRememberedKey } from '../../../src/host/key-store.ts'
import { createRuntime } from '../../../src/kernel/runtime.ts'
import { hostCall } from './host-call.ts'

const SECRETS_DB = 'dsh-agent-secrets'

function countSecretOpens(): { opens: number } {
  const counter = { opens: 0 }
  const open = indexedDB.open.bind(indexedDB)
  vi.spyOn(indexedDB, 'open').mockImplementation((name: string, version?: number) => {
    if (name === SECRETS_DB) counter.opens++
    return open(name, version)
  })
  return counter
}

afterEach(() => void vi.restoreAllMocks())
afterAll(() => clearRememberedKey())

describe('prefetchRememberedSecrets', () => {
  it('starts the read the first host then takes over: one open, and the key reaches its configuration', async () => {
    await saveRememberedKey('sk-remembered')
    const counter = countSecretOpens()
    prefetchRememberedSecrets()
    prefetchRememberedSecrets() // one read, however often it is asked for
    expect(counter.opens).toBe(1)
    const host = new AgentHost(createRuntime)
    expect(counter.opens).toBe(1)
    const configured = await hostCall(host, { kind: 'host.configure', settings: { provider: 'openai-compatible', model: 'm', permissions: 'ask', storage: 'memory' } })
    expect(configured.keyState).toEqual({ hasKey: true, remembered: true })
    expect(counter.opens).toBe(1)
    await host.reset()
  })

  it('opens nothing once a host has taken its first read', () => {
    const counter = countSecretOpens()
    prefetchRememberedSecrets()
    expect(counter.opens).toBe(0)
    const host = new AgentHost(createRuntime) // a later host reads for itself, as before
    expect(counter.opens).toBe(1)
    void host
  })
})
