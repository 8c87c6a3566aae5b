/**
 * Loop overhead in Node through the public `createRuntime` with a zero-latency scripted model and a
 * no-op tool: time per step at 10/100/1,000 steps split into prompt assembly, history derivation,
 * invariant check and log append; time per turn; incremental vs full derivation at 1,000 steps.
 * Plane: Node (npm run bench); measures, never asserts.
 * @module bench/loop
 */
import { createRuntime, createUserMessage, defineTool, type Agent, type Runtime, type ScriptedReply } from '../src/index.ts'
import { modelVisibilityProblem } from '../src/agent-loop/invariant.ts'
import type { GenerateOptions } from '../src/llm/types.ts'
import { record, recordSamples, summarize } from './harness.ts'
import { rederive } from './workload.ts'

const LENGTHS = [10, 100, 1000] as const
const RUNS = 3
const PARTS = ['prompt assembly', 'history derivation', 'invariant check', 'log append'] as const
type Part = (typeof PARTS)[number]

interface StepSample { total: number; parts: Record<Part, number>; duplicate: number }

/** `steps - 1` replies calling the no-op tool, then a closing text. */
function script(steps: number): ScriptedReply[] {
  const call: ScriptedReply = { text: 'checking', toolCalls: [{ name: 'noop', arguments: '{}' }] }
  return [...Array.from({ length: steps - 1 }, () => call), { text: 'done' }]
}

const noop = defineTool({
  name: 'noop',
  description: 'Does nothing; the benchmark tool.',
  parameters: { type: 'object', properties: {}, additionalProperties: false },
  output: { schema: { type: 'string' }, render: () => [{ type: 'text', text: 'ok' }] },
  execute: async () => 'ok',
})

/** Wraps `target[key]` so every call reports its duration to `add`; returns the unwrapper. */
function timeMethod(target: object, key: string, add: (ms: number) => void): () => void {
  const holder = target as Record<string, (...args: unknown[]) => unknown>
  const original = holder[key]!
  holder[key] = function timed(this: unknown, ...args: unknown[]) {
    const start = performance.now()
    const out = original.apply(this, args)
    if (out instanceof Promise) return out.finally(() => add(performance.now() - start))
    add(performance.now() - start)
    return out
  }
  return () => void (holder[key] = original)
}

/** One turn of `steps` steps; returns per-step samples (ms), the turn time and the agent. */
async function runTurn(steps: number): Promise<{ samples: StepSample[]; turnMs: number; runtime: Runtime; agent: Agent }> {
  const runtime = await createRuntime({ storage: 'memory', llm: { provider: 'scripted', replies: script(steps) }, workspace: { provider: 'memory' }, permissions: 'workspace-write', patches: [{ id: 'budget', config: { maxStepsPerTurn: 2 * steps } }] })
  runtime.ctx.tools.register(noop)
  const agent = await runtime.open()
  const samples: StepSample[] = []
  const fresh = (): StepSample => ({ total: 0, duplicate: 0, parts: { 'prompt assembly': 0, 'history derivation': 0, 'invariant check': 0, 'log append': 0 } })
  let current = fresh()
  let stepStart = 0
  let turnStart = 0
  let turnMs = 0
  const add = (part: Part) => (ms: number) => void (current.parts[part] += ms)
  const session = agent.session
  const undo = [
    timeMethod(runtime.ctx.systemPrompt, 'assemble', add('prompt assembly')),
    timeMethod(session, 'deriveMessages', add('history derivation')),
    timeMethod(session, 'append', add('log append')),
  ]
  runtime.ctx.on('session/event', (_session, event) => {
    if (event.type === 'turn/start') turnStart = performance.now()
    if (event.type === 'turn/end') turnMs = performance.now() - turnStart
    if (event.type === 'step/start') stepStart = performance.now()
    if (event.type === 'step/end') {
      samples.push({ ...current, total: performance.now() - stepStart - current.duplicate })
      current = fresh()
    }
  })
  // The same check the loop runs, timed on the same request (its derivation is counted here, not twice).
  runtime.ctx.on('llm/stream', (request: GenerateOptions, next) => {
    const start = performance.now()
    const before = current.parts['history derivation']
    modelVisibilityProblem(request, session as never)
    const ms = performance.now() - start
    current.parts['history derivation'] = before
    current.parts['invariant check'] += ms
    current.duplicate += ms
    return next()
  }, { prepend: true })
  agent.followup('go')
  await agent.whenIdle()
  for (const u of undo) u()
  return { samples, turnMs, runtime, agent }
}

/** Full re-derivation from seq 0 vs the incremental `deriveMessages()` after one new message. */
function derivationRatio(agent: Agent): { incremental: number[]; full: number[] } {
  const session = agent.session
  const incremental: number[] = []
  const full: number[] = []
  const turn = session.lastTurn + 1
  session.append('turn/start', { turn })
  session.append('step/start', { turn, step: 1 })
  for (let i = 0; i < 250; i++) {
    session.append('user/message', createUserMessage([{ type: 'text', text: `n${i}` }]), { surfaceOp: 'append' })
    let start = performance.now()
    session.deriveMessages()
    incremental.push((performance.now() - start) * 1000)
    start = performance.now()
    rederive(session.events)
    full.push((performance.now() - start) * 1000)
  }
  return { incremental: incremental.slice(50), full: full.slice(50) }
}

const METHOD = 'createRuntime (memory storage, scripted model with zero delay, no-op tool, step cap raised); one turn of N steps after a warm-up turn; step = step/start → step/end on session/event; parts by wrapping systemPrompt.assemble, session.deriveMessages, session.append, and re-running the invariant (modelVisibilityProblem) on each request'

await (await runTurn(10)).runtime.dispose() // warm-up: JIT and lazy modules, not timed

for (const steps of LENGTHS) {
  const perStep: StepSample[] = []
  const turns: number[] = []
  let last: { runtime: Runtime; agent: Agent } | undefined
  for (let run = 0; run < RUNS; run++) {
    const result = await runTurn(steps)
    const window = result.samples.slice(Math.floor(steps * 0.9) - (steps === 10 ? 9 : 0))
    perStep.push(...window)
    turns.push(result.turnMs)
    if (last) await last.runtime.dispose()
    last = result
    if (result.samples.length !== steps) throw new Error(`loop bench: expected ${steps} steps, the turn ran ${result.samples.length}`)
  }
  const window = steps === 10 ? 'all 10 steps' : `steps ${Math.floor(steps * 0.9) + 1}–${steps}`
  recordSamples({
    name: `step at ${steps} steps, total loop overhead`, unit: 'ms', method: `${METHOD}; ${window}, ${RUNS} runs`,
    ...(steps === 1000 ? { target: { op: '<=' as const, value: 0.5, unit: 'ms', source: 'issue 3' } } : {}),
    ...(steps === 10 ? { target: { op: '<=' as const, value: 0.5, unit: 'ms', source: 'issue 20' } } : {}),
  }, perStep.map((s) => s.total), 'p95')
  for (const part of PARTS) recordSamples({ name: `step at ${steps} steps: ${part}`, unit: 'ms', method: `${METHOD}; ${window}, ${RUNS} runs` }, perStep.map((s) => s.parts[part]), 'p95')
  recordSamples({ name: `step at ${steps} steps: everything else (machine, tool pipeline + no-op body, listeners, awaits)`, unit: 'ms', method: `step total minus the four parts; ${window}, ${RUNS} runs` }, perStep.map((s) => s.total - PARTS.reduce((sum, part) => sum + s.parts[part], 0)), 'p95')
  recordSamples({ name: `turn of ${steps} steps`, unit: 'ms', method: `${METHOD}; turn/start → turn/end, ${RUNS} runs` }, turns, 'min-max')
  if (steps === 1000 && last) {
    const { incremental, full } = derivationRatio(last.agent)
    const inc = summarize(incremental)
    const fullStats = summarize(full)
    record({ name: 'full re-derivation ÷ incremental deriveMessages at 1,000 steps', unit: '×', method: 'after each appended user message: deriveMessages() vs a fold of the surface from seq 0 (bench/workload.ts rederive); 200 samples; ratio of medians (band: full median ÷ incremental p95 … full p95 ÷ incremental median)', median: fullStats.median / inc.median, spread: { min: fullStats.median / inc.p95, max: fullStats.p95 / inc.median }, samples: incremental.length })
  }
  await last?.runtime.dispose()
}
