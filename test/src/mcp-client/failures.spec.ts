// Bad servers against the MCP client (real SDK server on 127.0.0.1): each failure is named in a log-only event
// (ignorable) or a tool error, its tools are absent, other servers and tools keep working; reconnect brings them back.
import { afterEach, describe, expect, it } from 'vitest'
import { startMcpTestServer, textTool, type McpTestServer } from '../../harness/mcp-server.ts'
import { mcpEvents, mcpRuntime, resultText, toolResults, until, type McpRuntime } from '../../harness/mcp-runtime.ts'
import { originGuardedFetch } from '../../../src/mcp-client/guarded-fetch.ts'
import { MAX_SCHEMA_CHARS } from '../../../src/mcp-client/listed-tool.ts'

const servers: McpTestServer[] = []
let rt: McpRuntime | undefined
afterEach(async () => {
  await rt?.runtime.dispose()
  await Promise.all(servers.splice(0).map((s) => s.stop()))
  rt = undefined
})
async function serve(...args: Parameters<typeof startMcpTestServer>): Promise<McpTestServer> {
  const server = await startMcpTestServer(...args)
  servers.push(server)
  return server
}
const mcpNames = (r: McpRuntime) => r.runtime.ctx.tools.schemas().map((s) => s.name).filter((n) => n.startsWith('mcp__')).sort()
const read = { annotations: { readOnlyHint: true } }

describe('mcp-client failures', () => {
  it('a server that is down: no tools, and every session names it (MCP_UNREACHABLE); the healthy server still works', async () => {
    const good = await serve({ tools: [textTool('ok', 'fine', read)] })
    const gone = await serve({ tools: [textTool('lost', 'x')] })
    await gone.stop()
    rt = await mcpRuntime([{ name: 'good', url: good.url }, { name: 'gone', url: gone.url }], { replies: [{ toolCalls: [{ name: 'mcp__good__ok', arguments: {} }] }, { text: 'ok' }] })
    expect(mcpNames(rt)).toEqual(['mcp__good__ok'])
    const events = await rt.turn()
    expect(mcpEvents(events)).toEqual([{ type: 'mcp/server', ignorable: true, data: { server: 'gone', status: 'unavailable', code: 'MCP_UNREACHABLE', reason: expect.stringMatching(/^unreachable: /) } }])
    expect(resultText(toolResults(events)[0]!)).toBe('fine')
  })

  it.each([
    ['401', { status: 401, body: 'no' }, 'MCP_UNAUTHORIZED'],
    ['404', { status: 404, body: 'nothing here' }, 'MCP_NOT_FOUND'],
    ['500', { status: 500, body: 'boom' }, 'MCP_SERVER_ERROR'],
    ['non-JSON', { status: 200, body: '<html>not mcp</html>', contentType: 'text/html' }, 'MCP_BAD_RESPONSE'],
    ['broken JSON', { status: 200, body: '{"jsonrpc": "2.0", ', contentType: 'application/json' }, 'MCP_BAD_RESPONSE'],
  ])('%s on connect: named with its code, no tools', async (_label, fault, code) => {
    const server = await serve({ tools: [textTool('t', 'x')] })
    server.fault = fault
    rt = await mcpRuntime([{ name: 'bad', url: server.url }])
    expect(mcpNames(rt)).toEqual([])
    const agent = await rt.runtime.open()
    expect(mcpEvents(agent.session.events)).toEqual([{ type: 'mcp/server', ignorable: true, data: expect.objectContaining({ server: 'bad', status: 'unavailable', code }) }])
  })

  it('a 401 that echoes the bearer token: the reason never contains it', async () => {
    const token = 'sekret-token-123456'
    const server = await serve({ tools: [textTool('t', 'x')], requireHeader: ['authorization', 'Bearer right'] })
    rt = await mcpRuntime([{ name: 'auth', url: server.url, headers: { Authorization: `Bearer ${token}` } }])
    const agent = await rt.runtime.open()
    const [event] = mcpEvents(agent.session.events)
    expect(event!.data).toMatchObject({ code: 'MCP_UNAUTHORIZED' })
    expect(JSON.stringify(agent.session.events)).not.toContain(token)
    expect(JSON.stringify(rt.runtime.dumpConfig())).not.toContain(token)
    expect(server.requests[0]!.authorization).toBe(`Bearer ${token}`)
  })

  it('with the right bearer header the server answers and every request carries it', async () => {
    const server = await serve({ tools: [textTool('t', 'x', read)], requireHeader: ['authorization', 'Bearer right'] })
    rt = await mcpRuntime([{ name: 'auth', url: server.url, headers: { Authorization: 'Bearer right' } }])
    expect(mcpNames(rt)).toEqual(['mcp__auth__t'])
    expect(server.requests.every((r) => r.authorization === 'Bearer right')).toBe(true)
  })

  it('invalid and huge schemas, duplicates and a name another tool holds: each named; the valid tools register', async () => {
    const other = await serve({ tools: [textTool('dup', 'first server', read)] })
    const server = await serve({ tools: [
      textTool('good', 'ok', read),
      { listed: { name: 'no-schema' } },
      { listed: { name: 'string-root', inputSchema: { type: 'string' } } },
      { listed: { name: 'bad-type', inputSchema: { type: 'object', properties: { a: { type: 'strnig' } } } } },
      { listed: { name: 'bad-ref', inputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } } } },
      { listed: { name: 'huge', inputSchema: { type: 'object', description: 'z'.repeat(MAX_SCHEMA_CHARS) } } },
      textTool('good', 'again'),
    ] })
    rt = await mcpRuntime([{ name: 'srv', url: server.url }, { name: 'other', url: other.url }])
    expect(mcpNames(rt)).toEqual(['mcp__other__dup', 'mcp__srv__good'])
    const agent = await rt.runtime.open()
    expect(mcpEvents(agent.session.events).map((e) => [(e.data as { code: string }).code, (e.data as { tool?: string }).tool])).toEqual([
      ['MCP_TOOL_SCHEMA_INVALID', 'no-schema'], ['MCP_TOOL_SCHEMA_INVALID', 'string-root'], ['MCP_TOOL_SCHEMA_INVALID', 'bad-type'],
      ['MCP_TOOL_SCHEMA_INVALID', 'bad-ref'], ['MCP_TOOL_SCHEMA_TOO_LARGE', 'huge'], ['MCP_TOOL_DUPLICATE', 'good'],
    ])
  })

  it('a tool name another tool holds is named MCP_TOOL_NAME_TAKEN on re-list; the other tools register', async () => {
    const server = await serve({ tools: [textTool('free', 'y')] })
    const { defineTool } = await import('../../../src/tools/index.ts')
    rt = await mcpRuntime([{ name: 's', url: server.url }])
    const agent = await rt.runtime.open()
    rt.runtime.ctx.tools.register(defineTool({ name: 'mcp__s__taken', description: 'squatter', parameters: { type: 'object' }, output: { schema: { type: 'string' }, render: () => [] }, execute: async () => 'mine' }))
    server.setTools([textTool('taken', 'x'), textTool('free', 'y'), textTool('new', 'z')])
    await server.listChanged()
    await until(() => rt!.runtime.ctx.tools.get('mcp__s__new'))
    expect(rt.runtime.ctx.tools.get('mcp__s__taken')?.description).toBe('squatter')
    expect(mcpEvents(agent.session.events)).toEqual([{ type: 'mcp/problem', ignorable: true, data: { server: 's', code: 'MCP_TOOL_NAME_TAKEN', tool: 'mcp__s__taken', reason: expect.stringContaining('already registered') } }])
  })

  it('the server goes away mid-session: the failed call is a tool error, the tools go, the session says so; back again, the tools return', async () => {
    const server = await serve({ tools: [textTool('ping', 'pong', read)] })
    rt = await mcpRuntime([{ name: 'flaky', url: server.url, reconnect: { initialDelayMs: 100, maxDelayMs: 200 } }], {
      replies: [{ toolCalls: [{ name: 'mcp__flaky__ping', arguments: {} }] }, { text: 'noted' }, { toolCalls: [{ name: 'mcp__flaky__ping', arguments: {} }] }, { text: 'back' }],
    })
    const agent = await rt.runtime.open()
    await server.stop()
    agent.followup('one')
    await agent.whenIdle()
    const [failed] = toolResults(agent.session.events)
    expect(failed!.data.error?.code).toBe('MCP_UNREACHABLE')
    await until(() => mcpNames(rt!).length === 0)
    expect(mcpEvents(agent.session.events)).toContainEqual({ type: 'mcp/server', ignorable: true, data: expect.objectContaining({ server: 'flaky', status: 'unavailable', code: 'MCP_UNREACHABLE' }) })
    await server.restart()
    await until(() => mcpNames(rt!).length === 1)
    expect(mcpEvents(agent.session.events).at(-1)).toEqual({ type: 'mcp/server', ignorable: true, data: { server: 'flaky', status: 'connected', tools: 1 } })
    agent.followup('two')
    await agent.whenIdle()
    expect(resultText(toolResults(agent.session.events)[1]!)).toBe('pong')
  })

  it('a call to a tool of a server that went away (the model still had it) gets the server\'s state, not an unknown tool', async () => {
    const server = await serve({ tools: [textTool('ping', 'pong', read)] })
    rt = await mcpRuntime([{ name: 'gone', url: server.url, reconnect: { initialDelayMs: 60_000, maxDelayMs: 60_000 } }], {
      replies: [{ toolCalls: [{ name: 'mcp__gone__ping', arguments: {} }] }, { text: 'noted' }, { toolCalls: [{ name: 'mcp__gone__ping', arguments: {} }] }, { text: 'still gone' }],
    })
    const agent = await rt.runtime.open()
    await server.stop()
    agent.followup('one')
    await agent.whenIdle()
    await until(() => mcpNames(rt!).length === 0)
    agent.followup('two')
    await agent.whenIdle()
    const [, absent] = toolResults(agent.session.events)
    expect(absent!.data.error).toEqual({ name: 'McpError', code: 'MCP_UNAVAILABLE' })
    expect(resultText(absent!)).toMatch(/^Error: MCP server "gone" is unavailable \(MCP_UNREACHABLE: unreachable: .*\); its tools are absent until it is back$/)
  })

  it('a call to a tool the server stopped listing (re-list) says so, not unknown tool', async () => {
    const server = await serve({ tools: [textTool('old', 'x', read)] })
    rt = await mcpRuntime([{ name: 'live', url: server.url }], { replies: [{ toolCalls: [{ name: 'mcp__live__old', arguments: {} }] }, { text: 'ok' }] })
    server.setTools([textTool('new', 'y', read)])
    await server.listChanged()
    await until(() => mcpNames(rt!).join() === 'mcp__live__new')
    const [result] = toolResults(await rt.turn())
    expect(result!.data.error).toEqual({ name: 'McpError', code: 'MCP_UNAVAILABLE' })
    expect(resultText(result!)).toBe('Error: MCP server "live" no longer lists this tool')
  })

  it('a dropped event stream is reopened by the transport: the server stays available', async () => {
    const server = await serve({ tools: [textTool('ping', 'pong', read)] })
    rt = await mcpRuntime([{ name: 'sse', url: server.url }], { replies: [{ toolCalls: [{ name: 'mcp__sse__ping', arguments: {} }] }, { text: 'ok' }] })
    await until(() => server.requests.some((r) => r.method === 'GET'))
    server.dropStreams()
    await until(() => server.requests.filter((r) => r.method === 'GET').length >= 2)
    const events = await rt.turn()
    expect(resultText(toolResults(events)[0]!)).toBe('pong')
    expect(mcpEvents(events)).toEqual([])
  })

  it('no request leaves for an origin the configuration does not name', async () => {
    const seen: string[] = []
    const guarded = originGuardedFetch('http://127.0.0.1:1', async (input) => (seen.push(String(input)), new Response('')))
    await expect(guarded('http://evil.test/steal')).rejects.toMatchObject({ code: 'MCP_ORIGIN_REFUSED' })
    await guarded('http://127.0.0.1:1/mcp')
    expect(seen).toEqual(['http://127.0.0.1:1/mcp'])
  })

  it('a bad server entry (name, URL scheme, a name used twice) fails that entry alone, named in diagnostics', async () => {
    const server = await serve({ tools: [textTool('ok', 'x', read)] })
    rt = await mcpRuntime([{ name: 'bad name!', url: server.url }, { name: 'js', url: 'javascript:alert(1)' }, { name: 'fine', url: server.url }, { name: 'fine', url: server.url }])
    expect(mcpNames(rt)).toEqual(['mcp__fine__ok'])
    const failed = rt.runtime.diagnostics().plugins.filter((p) => p.state === 'failed').map((p) => ('error' in p ? p.error : ''))
    expect(failed).toEqual([expect.stringContaining('must match'), expect.stringContaining('must be http: or https:'), expect.stringContaining('configured twice')])
  })
})
