// The MCP client plugin against a real SDK server on 127.0.0.1: tools registered under dsh's names, effect from
// annotations (read runs, execute asks under `ask`), results as text, list_changed re-sync, abort and timeout.
import { afterEach, describe, expect, it } from 'vitest'
import { startMcpTestServer, textTool, type McpTestServer } from '../../harness/mcp-server.ts'
import { mcpEvents, mcpRuntime, resultText, toolResults, until, type McpRuntime } from '../../harness/mcp-runtime.ts'
import type { ScriptedReply } from '../../../src/llm-scripted/types.ts'
import type { JsonValue } from '../../../src/util/json.ts'

let server: McpTestServer | undefined
let rt: McpRuntime | undefined
afterEach(async () => {
  await rt?.runtime.dispose()
  await server?.stop()
  rt = undefined
  server = undefined
})

const call = (name: string, args: { [key: string]: JsonValue } = {}): ScriptedReply => ({ toolCalls: [{ name, arguments: args }] })

describe('mcp-client', () => {
  it('registers each tool as mcp__<server>__<tool> with the server schema, and runs a read-only one without asking', async () => {
    server = await startMcpTestServer({ tools: [textTool('search', (a) => `found ${String(a.q)}`, { annotations: { readOnlyHint: true } })] })
    rt = await mcpRuntime([{ name: 'docs', url: server.url }], { replies: [call('mcp__docs__search', { q: 'cors' }), { text: 'done' }] })
    const schema = rt.runtime.ctx.tools.schemas().find((s) => s.name === 'mcp__docs__search')
    expect(schema).toEqual({ name: 'mcp__docs__search', description: 'The search tool.', parameters: { type: 'object', properties: { q: { type: 'string' } } } })
    const events = await rt.turn()
    expect(resultText(toolResults(events)[0]!)).toBe('found cors')
    expect(rt.asked).toEqual([])
    expect(server.calls).toEqual([{ name: 'search', args: { q: 'cors' } }])
  })

  it('a tool without readOnlyHint asks under `ask`: allowed runs it, rejected never reaches the server', async () => {
    server = await startMcpTestServer({ tools: [textTool('deploy', 'deployed')] })
    rt = await mcpRuntime([{ name: 'ops', url: server.url }], { replies: [call('mcp__ops__deploy'), { text: 'ok' }] })
    expect(resultText(toolResults(await rt.turn())[0]!)).toBe('deployed')
    expect(rt.asked).toEqual(['mcp__ops__deploy'])
    await rt.runtime.dispose()
    rt = await mcpRuntime([{ name: 'ops', url: server.url }], { replies: [call('mcp__ops__deploy'), { text: 'ok' }], answer: 'rejected' })
    const [result] = toolResults(await rt.turn())
    expect(resultText(result!)).toBe('Error: the user rejected tool "mcp__ops__deploy"')
    expect(server.calls).toHaveLength(1)
  })

  it('the card names a tool by its title and server, with what its annotations say (a read-only tool destroys nothing)', async () => {
    server = await startMcpTestServer({ tools: [
      textTool('deploy', 'deployed', { annotations: { title: 'Deploy the site', destructiveHint: true, openWorldHint: false } }),
      textTool('lookup', 'found', { title: 'Look up', annotations: { readOnlyHint: true, destructiveHint: true } }),
      textTool('plain', 'ok'),
    ] })
    rt = await mcpRuntime([{ name: 'ops', url: server.url }])
    const card = (name: string) => rt!.runtime.ctx.tools.get(name)!.presentCall!({ q: 'x' })
    expect(card('mcp__ops__deploy')).toEqual({ card: 'generic', title: 'Deploy the site', kind: 'execute', rawInput: { q: 'x' }, origin: { kind: 'mcp', server: 'ops', title: 'Deploy the site', destructive: true, openWorld: false } })
    expect(card('mcp__ops__lookup')).toEqual({ card: 'generic', title: 'Look up', kind: 'read', rawInput: { q: 'x' }, origin: { kind: 'mcp', server: 'ops', title: 'Look up' } })
    expect(card('mcp__ops__plain')).toMatchObject({ title: 'plain', origin: { kind: 'mcp', server: 'ops', title: 'plain' } })
  })

  it('names outside [A-Za-z0-9_-] or over 64 characters get dsh\'s 12-hex hash suffix', async () => {
    const long = 'x'.repeat(80)
    server = await startMcpTestServer({ tools: [textTool('admin.reset', 'reset'), textTool(long, 'long')] })
    rt = await mcpRuntime([{ name: 'srv', url: server.url }])
    const names = rt.runtime.ctx.tools.schemas().map((s) => s.name).filter((n) => n.startsWith('mcp__'))
    // sha256("srv\0admin.reset") and sha256("srv\0" + 80 x), first 12 hex digits (as dsh computes them)
    expect(names.sort()).toEqual(['mcp__srv__admin_reset_3b185f786768', `mcp__srv__${'x'.repeat(41)}_cfc51d92f062`].sort())
    expect(names.every((n) => n.length <= 64)).toBe(true)
  })

  it('text blocks join in order; images, audio, links and resources are described, never dropped', async () => {
    server = await startMcpTestServer({ tools: [{
      listed: { name: 'mixed', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      call: () => ({ content: [
        { type: 'text', text: 'first' }, { type: 'image', data: 'AAAA', mimeType: 'image/png' }, { type: 'text', text: 'second' },
        { type: 'audio', data: 'AAAAAAAA', mimeType: 'audio/wav' }, { type: 'resource_link', name: 'guide', uri: 'https://example.test/guide' },
        { type: 'resource', resource: { uri: 'file:///a.txt', text: 'inline text' } },
      ] }),
    }] })
    rt = await mcpRuntime([{ name: 'm', url: server.url }], { replies: [call('mcp__m__mixed'), { text: 'ok' }] })
    expect(resultText(toolResults(await rt.turn())[0]!)).toBe([
      'first', '[image image/png, 3 bytes: not shown to the model]', 'second', '[audio audio/wav, 6 bytes: not shown to the model]',
      '[resource link: guide (https://example.test/guide)]', '[resource file:///a.txt]\ninline text',
    ].join('\n'))
  })

  it('an isError result and arguments the schema refuses are tool errors; the turn goes on', async () => {
    server = await startMcpTestServer({ tools: [
      { listed: { name: 'fail', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }, call: () => ({ content: [{ type: 'text', text: 'it broke' }], isError: true }) },
      textTool('strict', 'ok', { inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } }, required: ['n'], additionalProperties: false }, annotations: { readOnlyHint: true } }),
    ] })
    rt = await mcpRuntime([{ name: 's', url: server.url }], { replies: [{ toolCalls: [{ name: 'mcp__s__fail', arguments: {} }, { name: 'mcp__s__strict', arguments: { n: 0, extra: 1 } }] }, { text: 'still here' }] })
    const events = await rt.turn()
    const [fail, strict] = toolResults(events)
    expect(fail!.data.error).toEqual({ name: 'McpError', code: 'MCP_TOOL_ERROR' })
    expect(resultText(fail!)).toBe('Error: it broke')
    expect(strict!.data.error?.code).toBe('INVALID_ARGS')
    expect(resultText(strict!)).toContain('$.n')
    expect(server.calls.map((c) => c.name)).toEqual(['fail'])
    expect(events.at(-1)).toMatchObject({ type: 'turn/end', data: { reason: { kind: 'completed' } } })
  })

  it('a result over the cap is cut with a marker naming the cap', async () => {
    server = await startMcpTestServer({ tools: [textTool('big', 'y'.repeat(5_000), { annotations: { readOnlyHint: true } })] })
    rt = await mcpRuntime([{ name: 'b', url: server.url, maxResultChars: 1_000 }], { replies: [call('mcp__b__big'), { text: 'ok' }] })
    const text = resultText(toolResults(await rt.turn())[0]!)
    expect(text).toBe(`${'y'.repeat(1_000)}\n[result cut: 5000 characters is over the 1000-character cap for MCP results]`)
  })

  it('notifications/tools/list_changed re-lists: a new tool appears, a removed one is gone', async () => {
    server = await startMcpTestServer({ tools: [textTool('one', '1')] })
    rt = await mcpRuntime([{ name: 'live', url: server.url }])
    const names = () => rt!.runtime.ctx.tools.schemas().map((s) => s.name).filter((n) => n.startsWith('mcp__')).sort()
    expect(names()).toEqual(['mcp__live__one'])
    server.setTools([textTool('two', '2')])
    await server.listChanged()
    await until(() => names().join() === 'mcp__live__two')
  })

  it('a list_changed storm is named once and re-listing is coalesced', async () => {
    server = await startMcpTestServer({ tools: [textTool('one', '1')] })
    rt = await mcpRuntime([{ name: 'noisy', url: server.url }])
    const agent = await rt.runtime.open()
    const lists = () => server!.requests.filter((r) => r.method === 'POST').length
    const before = lists()
    await server.listChanged(60)
    await until(() => mcpEvents(agent.session.events).some((e) => e.type === 'mcp/problem'))
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(mcpEvents(agent.session.events)).toEqual([{ type: 'mcp/problem', ignorable: true, data: { server: 'noisy', code: 'MCP_LIST_CHANGED_STORM', reason: expect.stringContaining('more than 20 tools/list_changed notifications') } }])
    expect(lists() - before).toBeLessThan(10)
    expect(rt.runtime.ctx.tools.get('mcp__noisy__one')).toBeDefined()
  })

  it('cancelling the turn aborts the call: ABORTED, and the server is told (notifications/cancelled)', async () => {
    let started!: () => void
    const running = new Promise<void>((resolve) => { started = resolve })
    server = await startMcpTestServer({ tools: [{
      listed: { name: 'slow', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      call: (_args, signal) => new Promise((resolve) => { started(); signal.addEventListener('abort', () => resolve({ content: [] })) }),
    }] })
    rt = await mcpRuntime([{ name: 'w', url: server.url }], { replies: [call('mcp__w__slow'), { text: 'never' }] })
    const agent = await rt.runtime.open()
    agent.followup('go')
    await running
    agent.cancel({ kind: 'user' })
    await agent.whenIdle()
    expect(toolResults(agent.session.events)[0]!.data.error).toEqual({ name: 'AbortError', code: 'ABORTED' })
    await until(() => server!.cancelled.includes('slow'))
  })

  it('the tool timeout ends a slow call with TOOL_TIMEOUT', async () => {
    server = await startMcpTestServer({ tools: [{
      listed: { name: 'stuck', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      call: (_args, signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve({ content: [] }))),
    }] })
    rt = await mcpRuntime([{ name: 't', url: server.url, timeoutMs: 300 }], { replies: [call('mcp__t__stuck'), { text: 'ok' }] })
    const [result] = toolResults(await rt.turn())
    expect(result!.data.error).toEqual({ name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' })
  })
})
