// The first host's read of the remembered secrets can start before the host exists (the worker entry
// starts it while the host module loads): the host then takes that read over — one open of the
// secrets database, the remembered key in its first configuration — and once a host has taken its
// first read, a late prefetch opens nothing. Where nothing was ever remembered (the browser lists no secrets
// database), a read opens nothing and creates no database. (Module state: the order of these tests matters.)
import 'fake-indexeddb/auto'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { AgentHost } from '../../../src/host/index.ts'
import { clearRememberedKey, loadRememberedSecrets, prefetchRememberedSecrets, saveRememberedKey } from '../../../src/host/key-store.ts'
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

describe('loadRememberedSecrets', () => {
  it('opens nothing and creates no database where nothing was ever remembered', async () => {
    await new Promise((resolve) => { indexedDB.deleteDatabase(SECRETS_DB).onsuccess = resolve })
    const counter = countSecretOpens()
    expect(await loadRememberedSecrets()).toEqual({ key: undefined, mcpTokens: new Map() })
    expect(counter.opens).toBe(0)
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(SECRETS_DB)
  })
})

describe('prefetchRememberedSecrets', () => {
  it('starts the read the first host then takes over: one open, and the key reaches its configuration', async () => {
    await saveRememberedKey('sk-remembered')
    const counter = countSecretOpens()
    prefetchRememberedSecrets()
    prefetchRememberedSecrets() // one read, however often it is asked for
    await vi.waitFor(() => expect(counter.opens).toBe(1))
    const host = new AgentHost(createRuntime)
    const configured = await hostCall(host, { kind: 'host.configure', settings: { provider: 'openai-compatible', model: 'm', permissions: 'ask', storage: 'memory' } })
    expect(configured.keyState).toEqual({ hasKey: true, remembered: true })
    expect(counter.opens).toBe(1)
    await host.reset()
  })

  it('opens nothing once a host has taken its first read', async () => {
    const counter = countSecretOpens()
    prefetchRememberedSecrets()
    expect(counter.opens).toBe(0)
    const host = new AgentHost(createRuntime) // a later host reads for itself, as before
    await vi.waitFor(() => expect(counter.opens).toBe(1))
    void host
  })
})
