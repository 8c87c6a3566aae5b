// MCP servers through the host: settings name them, `mcp.token` gives one a bearer token held in worker memory (sent
// only to that server), "remember" stores it apart from sessions and a new host reloads it; it never reaches a
// session, an export or a failure message; "Delete all my data" forgets it.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { AgentHost, type HostRuntime } from '../../../src/host/index.ts'
import { createRuntime } from '../../../src/kernel/runtime.ts'
import type { CommandKind, CommandOf, CommandResultMap, RuntimeSettings } from '../../../src/protocol/index.ts'
import { startMcpTestServer, textTool, type McpTestServer } from '../../harness/mcp-server.ts'
import { until } from '../../harness/mcp-runtime.ts'

const hosts: AgentHost[] = []
let server: McpTestServer | undefined
afterEach(async () => {
  await Promise.all(hosts.splice(0).map((host) => host.reset()))
  await server?.stop()
})

async function call<K extends CommandKind>(host: AgentHost, command: CommandOf<K>): Promise<CommandResultMap[K]> {
  const reply = await host.call(command)
  if (!reply.ok) throw Object.assign(new Error(reply.message), { code: reply.code })
  return reply.value as CommandResultMap[K]
}

function newHost(): AgentHost {
  const host = new AgentHost(async (options) => (await createRuntime(options)) as unknown as HostRuntime)
  hosts.push(host)
  return host
}

const TOKEN = 'mcp-bearer-0123456789'

describe('MCP servers and tokens through the host', () => {
  it('a token reaches only its server, is remembered on opt-in, and never lands in the log or an export', async () => {
    server = await startMcpTestServer({ tools: [textTool('t', 'ok', { annotations: { readOnlyHint: true } })], requireHeader: ['authorization', `Bearer ${TOKEN}`] })
    const settings: RuntimeSettings = { provider: 'scripted', replies: [{ toolCalls: [{ name: 'mcp__docs__t', arguments: {} }] }, { text: 'done' }], permissions: 'ask', storage: 'indexeddb', mcpServers: [{ name: 'docs', url: server.url }] }
    const host = newHost()
    await host.attach(() => {})
    expect((await call(host, { kind: 'host.configure', settings })).mcpTokens).toEqual([])
    const first = await call(host, { kind: 'session.open' })
    expect(server.requests.every((r) => r.authorization === undefined)).toBe(true)
    expect(await call(host, { kind: 'mcp.token', url: server.url, token: TOKEN, remember: true })).toEqual([{ url: server.url, remembered: true }])
    const { sessionId } = await call(host, { kind: 'session.open' })
    await call(host, { kind: 'agent.prompt', sessionId, text: 'go' })
    await host.agent(sessionId).whenIdle()
    const events = host.agent(sessionId).session.events
    expect(events.find((e) => e.type === 'tool/result')).toMatchObject({ data: { message: { content: [{ content: [{ text: 'ok' }] }] } } })
    expect(server.requests.at(-1)!.authorization).toBe(`Bearer ${TOKEN}`)
    const { jsonl } = await call(host, { kind: 'session.export', sessionId: first.sessionId })
    expect(jsonl).toContain('MCP_UNAUTHORIZED') // the first session logged the refusal (the echoed header scrubbed)
    expect(jsonl).not.toContain(TOKEN)
    expect(JSON.stringify(events)).not.toContain(TOKEN)

    const again = newHost()
    await again.attach(() => {})
    expect((await call(again, { kind: 'host.configure', settings })).mcpTokens).toEqual([{ url: server.url, remembered: true }])
    await call(again, { kind: 'data.delete-all' })
    expect(again.mcpTokens).toEqual([])
    const third = newHost()
    expect((await call(third, { kind: 'host.configure', settings })).mcpTokens).toEqual([])
  })

  it('without "remember" the token lives in this worker only', async () => {
    server = await startMcpTestServer({ tools: [textTool('t', 'ok')] })
    const settings: RuntimeSettings = { provider: 'scripted', permissions: 'ask', storage: 'memory', mcpServers: [{ name: 'docs', url: server.url }] }
    const host = newHost()
    await call(host, { kind: 'host.configure', settings })
    expect(await call(host, { kind: 'mcp.token', url: server.url, token: TOKEN, remember: false })).toEqual([{ url: server.url, remembered: false }])
    await call(host, { kind: 'session.open' })
    await until(() => server!.requests.some((r) => r.authorization === `Bearer ${TOKEN}`))
    const other = newHost()
    expect((await call(other, { kind: 'host.configure', settings })).mcpTokens).toEqual([])
  })

  it('refuses a server entry that is not {name, url} at the protocol boundary', async () => {
    const host = newHost()
    const reply = await host.call({ kind: 'host.configure', settings: { provider: 'scripted', permissions: 'ask', storage: 'memory', mcpServers: [{ name: 'x', url: 'http://a/', headers: { a: 'b' } }] } as never })
    expect(reply).toMatchObject({ ok: false, code: 'DSH_PROTOCOL_INVALID' })
  })
  it('an mcp-servers entry\'s timeoutMs reaches the call; removing the server and the page leaving each end its session (DELETE)', async () => {
    server = await startMcpTestServer({ tools: [{
      listed: { name: 'stuck', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      call: (_args, signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve({ content: [] }))),
    }] })
    const withServer: RuntimeSettings = { provider: 'scripted', replies: [{ toolCalls: [{ name: 'mcp__docs__stuck', arguments: {} }] }, { text: 'done' }], permissions: 'ask', storage: 'memory', mcpServers: [{ name: 'docs', url: server.url, timeoutMs: 300 }] }
    const host = newHost()
    await host.attach(() => {})
    await call(host, { kind: 'host.configure', settings: withServer })
    const { sessionId } = await call(host, { kind: 'session.open' })
    await call(host, { kind: 'agent.prompt', sessionId, text: 'go' })
    await host.agent(sessionId).whenIdle()
    expect(host.agent(sessionId).session.events.find((e) => e.type === 'tool/result')).toMatchObject({ data: { error: { code: 'TOOL_TIMEOUT' } } })
    const deletes = () => server!.requests.filter((r) => r.method === 'DELETE').length
    expect(deletes()).toBe(0)
    await call(host, { kind: 'host.configure', settings: { ...withServer, mcpServers: [] } })
    await call(host, { kind: 'session.open' })
    await until(() => deletes() === 1)
    await call(host, { kind: 'host.configure', settings: withServer })
    await call(host, { kind: 'session.open' })
    await call(host, { kind: 'storage.flush', leaving: true })
    await until(() => deletes() === 2)
  })
})
