// host.configure: the modules of the runtime it configures start loading at once (the preload gets the
// same options the runtime later boots with); the remembered key and MCP tokens are read in one open of
// the secrets database, started when the host is created (a write by this host before its first
// configuration makes it read again); a host that holds both reads nothing; the runtime starts booting
// before the reply (the next command finds it booting, one boot); settings the runtime cannot honour
// still configure and fail on the next command, as before.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AgentHost, type HostRuntimeOptions } from '../../../src/host/index.ts'
import { createRuntime } from '../../../src/kernel/runtime.ts'
import { preloadRuntime } from '../../../src/kernel/preload.ts'
import type { RuntimeSettings } from '../../../src/protocol/index.ts'
import { hostCall } from './host-call.ts'

const SECRETS_DB = 'dsh-agent-secrets'
const hosts: AgentHost[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(hosts.splice(0).map((host) => host.reset()))
  await hostCall(new AgentHost(createRuntime), { kind: 'data.delete-all' }).catch(() => undefined)
})

function newHost(steps: string[] = []): { host: AgentHost; preloaded: HostRuntimeOptions[]; booted: HostRuntimeOptions[] } {
  const preloaded: HostRuntimeOptions[] = []
  const booted: HostRuntimeOptions[] = []
  const host = new AgentHost((options) => {
    booted.push(options)
    return createRuntime(options)
  }, (options) => {
    steps.push('preload')
    preloaded.push(options)
  })
  hosts.push(host)
  return { host, preloaded, booted }
}

/** Records each open of the secrets database in `steps`. */
function watchSecretOpens(steps: string[]): void {
  const open = indexedDB.open.bind(indexedDB)
  vi.spyOn(indexedDB, 'open').mockImplementation((name: string, version?: number) => {
    if (name === SECRETS_DB) steps.push('open secrets')
    return open(name, version)
  })
}

const settings: RuntimeSettings = { provider: 'openai-compatible', model: 'm', permissions: 'ask', storage: 'memory', mcpServers: [{ name: 'docs', url: 'http://127.0.0.1:9/mcp' }] }

describe('host.configure', () => {
  it('reads the remembered key and tokens in one open when created, and preloads the runtime it configures', async () => {
    const { host: first } = newHost()
    await hostCall(first, { kind: 'host.configure', settings })
    await hostCall(first, { kind: 'provider.key', apiKey: 'sk-remembered', remember: true })
    await hostCall(first, { kind: 'mcp.token', url: 'http://127.0.0.1:9/mcp', token: 'mcp-token', remember: true })

    const steps: string[] = []
    watchSecretOpens(steps)
    const { host, preloaded, booted } = newHost(steps)
    expect(steps).toEqual(['open secrets'])
    const configured = await hostCall(host, { kind: 'host.configure', settings })
    expect(steps).toEqual(['open secrets', 'preload'])
    expect(configured.keyState).toEqual({ hasKey: true, remembered: true })
    expect(configured.mcpTokens).toEqual([{ url: 'http://127.0.0.1:9/mcp', remembered: true }])
    expect(preloaded[0]).toMatchObject({ storage: 'memory', llm: { provider: 'openai-compatible', model: 'm' }, mcp: { servers: [{ name: 'docs' }] } })

    await hostCall(host, { kind: 'session.open' })
    expect(booted).toHaveLength(1)
    // The same composition (only the key and the tokens' headers were not known yet): the same modules.
    expect(preloadRuntime(preloaded[0]!)).toEqual(preloadRuntime(booted[0]!))
    expect(preloadRuntime(booted[0]!)).toContain('llm-openai-compatible')

    steps.length = 0
    await hostCall(host, { kind: 'host.configure', settings: { ...settings, storage: 'indexeddb' } })
    expect(steps).toEqual(['preload']) // key and tokens are held: nothing to read
    expect(preloaded[1]).toMatchObject({ storage: 'indexeddb' })
  })

  it('reads the secrets again at its first configuration when it wrote them before', async () => {
    const { host: first } = newHost()
    await hostCall(first, { kind: 'host.configure', settings })
    await hostCall(first, { kind: 'provider.key', apiKey: 'sk-remembered', remember: true })
    const { host } = newHost() // its read finds the remembered key
    await hostCall(host, { kind: 'provider.key', apiKey: null, remember: false }) // … which this host then forgets
    expect((await hostCall(host, { kind: 'host.configure', settings })).keyState).toEqual({ hasKey: false, remembered: false })
  })

  it('starts booting the runtime before it replies: the session open that follows uses that boot', async () => {
    const { host, booted } = newHost()
    await hostCall(host, { kind: 'host.configure', settings: { provider: 'scripted', permissions: 'ask', storage: 'memory' } })
    expect(booted).toHaveLength(1)
    const { sessionId } = await hostCall(host, { kind: 'session.open' })
    expect(sessionId).toMatch(/./)
    expect(booted).toHaveLength(1)
  })

  it('configures settings the runtime cannot honour without preloading, and the next command names the problem', async () => {
    const { host, preloaded } = newHost()
    await hostCall(host, { kind: 'host.configure', settings: { provider: 'replay', permissions: 'ask', storage: 'memory' } })
    expect(preloaded).toEqual([])
    await expect(hostCall(host, { kind: 'session.open' })).rejects.toMatchObject({ code: 'DSH_CONFIG_INVALID' })
  })
})
