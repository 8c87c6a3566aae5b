/**
 * Spill cost on a tool call under the cap: `ctx.tools.execute` of a tool returning 40 KB of plain
 * text (under the 50 000-byte default, so the byte count is taken) with and without the spill
 * plugin, the difference being what spill adds; plus one over-cap call (store in memory + preview).
 * Plane: Node (npm run bench); measures, never asserts.
 * @module bench/spill
 */
import { Context } from '@deepseek-ai/cordis'
import ToolRegistry, { defineTool } from '../src/tools/index.ts'
import SpillService from '../src/spill/index.ts'
import type { CallId } from '../src/util/brand.ts'
import { agentInStep } from './agent-in-step.ts'
import { measure, record, report } from './harness.ts'

const UNDER = 'x'.repeat(79) + '\n'
function textTool(name: string, text: string) {
  return defineTool({
    name, description: `Returns ${text.length} characters of text.`,
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    output: { schema: { type: 'string' }, render: (_args, value: string) => [{ type: 'text', text: value }] },
    execute: async () => text,
  })
}

async function boot(spill: boolean): Promise<Context> {
  const root = new Context()
  await root.plugin(ToolRegistry, {})
  if (spill) await root.plugin(SpillService, { storage: 'memory' })
  root.tools.register(textTool('under_cap', UNDER.repeat(500))) // 40 000 bytes
  root.tools.register(textTool('over_cap', UNDER.repeat(1250))) // 100 000 bytes
  return root
}

const signal = new AbortController().signal
let n = 0
const call = (root: Context, agent: ReturnType<typeof agentInStep>, name: string) => () =>
  root.tools.execute({ callId: `c${++n}` as CallId, name, arguments: '{}', agent, signal })

const plain = await boot(false)
const spilling = await boot(true)
const [without, withSpill, over] = [
  await measure('tool call, 40 KB result, no spill plugin', call(plain, agentInStep(plain), 'under_cap'), { samples: 2000, warmup: 200 }),
  await measure('tool call, 40 KB result, spill plugin (under the cap)', call(spilling, agentInStep(spilling), 'under_cap'), { samples: 2000, warmup: 200 }),
  await measure('tool call, 100 KB result, spilled (memory store)', call(spilling, agentInStep(spilling), 'over_cap'), { samples: 500, warmup: 50 }),
]
report([without, withSpill, over], {}, { source: 'issue 18' })
record({
  name: 'spill: added to a tool call under the cap (median difference)', unit: 'ms',
  method: 'median (and p95) of the spill-plugin run minus that of the no-plugin run, 2000 calls each after warm-up',
  median: (withSpill.medianUs - without.medianUs) / 1000, spread: { p95: (withSpill.p95Us - without.p95Us) / 1000 }, samples: 2000,
  target: { op: '<=', value: 1, unit: 'ms', source: 'issue 18' },
})
