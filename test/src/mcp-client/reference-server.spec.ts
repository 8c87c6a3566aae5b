// The MCP client against the official reference server (@modelcontextprotocol/server-everything from npm, Streamable
// HTTP on 127.0.0.1): a tool it runs only as a task is left out and named; every tools/call asks for progress, which
// shows in the log (tool/progress) and keeps a long call alive up to maxTimeoutMs; the session ends with DELETE.
import { afterEach, describe, expect, it } from 'vitest'
import { startEverythingServer, type EverythingServer } from '../../harness/everything-server.ts'
import { mcpEvents, mcpRuntime, resultText, toolResults, until, type McpRuntime } from '../../harness/mcp-runtime.ts'
import type { SessionEvent } from '../../../src/session/types.ts'

let server: EverythingServer | undefined
let rt: McpRuntime | undefined
afterEach(async () => {
  const [runtime, everything] = [rt?.runtime, server]
  rt = server = undefined
  await runtime?.dispose()
  await everything?.stop()
})

const names = (r: McpRuntime) => r.runtime.ctx.tools.schemas().map((s) => s.name).filter((n) => n.startsWith('mcp__'))
const progressOf = (events: readonly SessionEvent[]) => events.filter((e) => e.type === 'tool/progress').map((e) => ({ ignorable: e.ignorable, data: e.data }))
const longRun = (args: { duration: number; steps: number }) => [{ toolCalls: [{ name: 'mcp__everything__trigger-long-running-operation', arguments: args }] }, { text: 'ok' }]

describe('mcp-client against server-everything', () => {
  it('a tool that requires MCP tasks (simulate-research-query) is left out and named; the others register', async () => {
    server = await startEverythingServer()
    rt = await mcpRuntime([{ name: 'everything', url: server.url }])
    const agent = await rt.runtime.open()
    await until(() => mcpEvents(agent.session.events).some((e) => (e.data as { tool?: string }).tool === 'simulate-research-query'))
    expect(mcpEvents(agent.session.events)).toContainEqual({ type: 'mcp/problem', ignorable: true, data: {
      server: 'everything', code: 'MCP_TOOL_NEEDS_TASKS', tool: 'simulate-research-query', reason: expect.stringContaining('execution.taskSupport: "required"'),
    } })
    expect(names(rt)).toContain('mcp__everything__get-sum')
    expect(names(rt)).not.toContain('mcp__everything__simulate-research-query')
  })

  it('progress: the call carries a progress token, each step is logged on the call, and progress outlives timeoutMs', async () => {
    server = await startEverythingServer()
    // 3 steps of 500 ms against a 1 000 ms deadline: only the progress the server reports keeps the call alive.
    rt = await mcpRuntime([{ name: 'everything', url: server.url, timeoutMs: 1_000 }], { replies: longRun({ duration: 1.5, steps: 3 }) })
    const events = await rt.turn()
    const [result] = toolResults(events)
    expect(resultText(result!)).toBe('Long running operation completed. Duration: 1.5 seconds, Steps: 3.')
    const callId = (events.find((e) => e.type === 'tool/call') as SessionEvent<'tool/call'>).data.callId
    expect(progressOf(events)).toEqual([1, 2, 3].map((progress) => ({ ignorable: true, data: { callId, progress, total: 3 } })))
  })

  it('progress extends the deadline only up to maxTimeoutMs: TOOL_TIMEOUT naming it', async () => {
    server = await startEverythingServer()
    rt = await mcpRuntime([{ name: 'everything', url: server.url, timeoutMs: 1_000, maxTimeoutMs: 1_200 }], { replies: longRun({ duration: 4, steps: 8 }) })
    const [result] = toolResults(await rt.turn())
    expect(result!.data.error).toEqual({ name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' })
    expect(resultText(result!)).toBe('Error: tool "mcp__everything__trigger-long-running-operation" timed out after 1200ms')
  })

  it('dispose ends the session with DELETE (Mcp-Session-Id), so a stateful server lets it go', async () => {
    server = await startEverythingServer()
    rt = await mcpRuntime([{ name: 'everything', url: server.url }])
    await until(() => server!.sessions.length === 1)
    expect(server.terminated).toEqual([])
    await rt.runtime.dispose()
    rt = undefined
    await until(() => server!.terminated.length === 1)
    expect(server.terminated).toEqual(server.sessions)
  })

  it('the page leaving (runtime/page-leaving) ends the session too, with a keepalive DELETE', async () => {
    server = await startEverythingServer()
    rt = await mcpRuntime([{ name: 'everything', url: server.url }])
    await until(() => server!.sessions.length === 1)
    rt.runtime.ctx.emit('runtime/page-leaving')
    await until(() => server!.terminated.length === 1)
    expect(server.terminated).toEqual(server.sessions)
  })
})
