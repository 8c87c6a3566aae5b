/**
 * Tools cost: pipeline overhead per call with no listeners (snapshot, three waterfalls, guards,
 * output validation and render, tool/call + tool/result logging) and prompt assembly with 20
 * tools; checks that unchanged schemas assemble to byte-identical text. Plane: Node (npm run bench).
 * @module bench/tools
 */
import { Context } from '@deepseek-ai/cordis'
import ToolRegistry, { defineTool, executeToolBatch } from '../src/tools/index.ts'
import SystemPromptRegistry, { renderPrompt } from '../src/prompt/index.ts'
import type { CallId } from '../src/util/brand.ts'
import { agentInStep } from './agent-in-step.ts'
import { measure, report } from './harness.ts'

function tool(name: string) {
  return defineTool({
    name,
    description: `The ${name} tool: reads a file window and returns its lines.`,
    parameters: {
      type: 'object',
      required: ['file_path'],
      additionalProperties: false,
      properties: { file_path: { type: 'string', minLength: 1 }, offset: { type: 'integer', minimum: 1 }, limit: { type: 'integer', minimum: 1 } },
    },
    output: {
      schema: { type: 'object', required: ['path', 'lines'], properties: { path: { type: 'string' }, lines: { type: 'array', items: { type: 'string' } } } },
      render: (_args, value: { path: string; lines: string[] }) => [{ type: 'text', text: `${value.path}\n${value.lines.join('\n')}` }],
    },
    execute: async (args: { file_path: string }) => ({ path: args.file_path, lines: ['one', 'two', 'three'] }),
  })
}

const root = new Context()
await root.plugin(ToolRegistry, {})
await root.plugin(SystemPromptRegistry, {})
for (let i = 0; i < 20; i++) root.tools.register(tool(`tool_${String(i).padStart(2, '0')}`))

const agent = agentInStep(root)
const signal = new AbortController().signal
let n = 0

const budgets = { 'pipeline: one call via executeToolBatch (incl. logging)': 100, 'prompt: assemble + render, 20 tools': 200 }
report([
  await measure('pipeline: one call via executeToolBatch (incl. logging)', () =>
    executeToolBatch({ ctx: root, agent, session: agent.session, turn: 1, step: 1, signal, calls: [{ callId: `c${++n}` as CallId, name: 'tool_07', arguments: '{"file_path":"/src/a.ts","offset":1}' }] }),
  { samples: 3000, warmup: 200 }),
  await measure('pipeline: ctx.tools.execute only', () =>
    root.tools.execute({ callId: `x${++n}` as CallId, name: 'tool_07', arguments: '{"file_path":"/src/a.ts"}', agent, signal }),
  { samples: 3000, warmup: 200 }),
  await measure('prompt: assemble + render, 20 tools', async () => renderPrompt(await root.systemPrompt.assemble({ agent })), { samples: 3000, warmup: 200 }),
], budgets, { source: 'issue 5' })

const first = await root.systemPrompt.assemble({ agent })
const second = await root.systemPrompt.assemble({ agent })
const identical = renderPrompt(first) === renderPrompt(second) && JSON.stringify(first.tools) === JSON.stringify(second.tools)
console.log(`prompt prefix byte-identical across two assemblies with unchanged schemas: ${identical}`)
if (!identical) throw new Error('two assemblies with unchanged schemas differ')
