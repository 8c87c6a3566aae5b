/**
 * MCP client cost against a real SDK server on 127.0.0.1 (in this process): connecting a fresh
 * client and listing and registering 20 tools; and the pipeline overhead of one MCP tool call —
 * the full `executeToolBatch` path (logging, gates, validation, render) minus a bare SDK client's
 * `tools/call` to the same server (the server's own time plus HTTP). Plane: Node (npm run bench).
 * @module bench/mcp
 */
import { Context } from '@deepseek-ai/cordis'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js'
import ToolRegistry, { executeToolBatch } from '../src/tools/index.ts'
import { resolveServerConfig } from '../src/mcp-client/config.ts'
import { ServerSupervisor } from '../src/mcp-client/supervisor.ts'
import type { CallId } from '../src/util/brand.ts'
import { agentInStep } from './agent-in-step.ts'
import { startMcpTestServer, textTool } from '../test/harness/mcp-server.ts'
import { measure, recordSamples, report } from './harness.ts'

const tools = Array.from({ length: 20 }, (_, i) => textTool(`tool_${String(i).padStart(2, '0')}`, (args) => `result for ${String(args.q)}`, { annotations: { readOnlyHint: true } }))
const server = await startMcpTestServer({ tools })
const config = resolveServerConfig({ name: 'bench', url: server.url })
const quiet = { state: () => undefined, problems: () => undefined, problem: () => undefined }

async function connectAndList(): Promise<{ ms: number; root: Context; supervisor: ServerSupervisor }> {
  const root = new Context()
  await root.plugin(ToolRegistry, {})
  const supervisor = new ServerSupervisor(root, config, quiet)
  const start = performance.now()
  await supervisor.connect()
  const ms = performance.now() - start
  if (supervisor.state.status !== 'connected' || root.tools.schemas().length !== 20) throw new Error(`bench server did not give 20 tools: ${JSON.stringify(supervisor.state)}`)
  return { ms, root, supervisor }
}

await connectAndList().then(({ supervisor }) => supervisor.dispose()) // warm-up: module loading, JIT
const connects: number[] = []
for (let i = 0; i < 30; i++) {
  const { ms, supervisor } = await connectAndList()
  connects.push(ms)
  await supervisor.dispose()
}
recordSamples({ name: 'mcp: connect + initialize + list and register 20 tools', unit: 'ms', method: 'fresh SDK client and transport per run (Streamable HTTP, 127.0.0.1), until the 20 tools are registered; 30 runs after one warm-up', target: { op: '<=', value: 150, unit: 'ms', source: 'issue 17' } }, connects)

const { root, supervisor } = await connectAndList()
const agent = agentInStep(root)
const signal = new AbortController().signal
let n = 0

const bare = new Client({ name: 'bench-bare', version: '1' }, { capabilities: {} })
await bare.connect(new StreamableHTTPClientTransport(new URL(server.url)) as never)

const direct = await measure('mcp: bare SDK client tools/call (the server\'s own time + HTTP)', () =>
  bare.request({ method: 'tools/call', params: { name: 'tool_07', arguments: { q: 'x' } } }, CallToolResultSchema), { samples: 600, warmup: 50 })
const piped = await measure('mcp: one call through executeToolBatch (logging, gates, validation, render)', () =>
  executeToolBatch({ ctx: root, agent, session: agent.session, turn: 1, step: 1, signal, calls: [{ callId: `c${++n}` as CallId, name: 'mcp__bench__tool_07', arguments: '{"q":"x"}' }] }), { samples: 600, warmup: 50 })
report([direct, piped])
recordSamples({ name: 'mcp: pipeline overhead per call beyond the bare SDK call (median difference)', unit: 'ms', method: 'median(executeToolBatch call) − median(bare SDK tools/call), same server, 600 samples each', target: { op: '<=', value: 5, unit: 'ms', source: 'issue 17' } }, [(piped.medianUs - direct.medianUs) / 1000])
console.log(`connect+list 20 tools: median ${connects.sort((a, b) => a - b)[15]!.toFixed(1)} ms; overhead per call: ${((piped.medianUs - direct.medianUs) / 1000).toFixed(3)} ms`)

await bare.close()
await supervisor.dispose()
await server.stop()
