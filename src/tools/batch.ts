/**
 * The tool-batch scheduler of one step (dsh contracts §8.5): model order; a rolling parallel pool
 * only for calls whose `isConcurrencySafe(args)` is exactly `true`; starts sequential; results
 * committed to the log strictly in model order. Plane: worker; never touches the inbox.
 * Contract: every call gets one `tool/call` and one `tool/result`, aborts included.
 * @module tools/batch
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '../agent-loop/types.ts'
import type { Session } from '../session/session.ts'
import type { UserMessage } from '../llm/types.ts'
import type { CallId } from '../util/brand.ts'
import type { JsonValue } from '../util/json.ts'
import type { ToolExecutionResult } from './types.ts'
import type { ToolCall } from './pipeline.ts'
import type { ToolRegistry } from './registry.ts'
import type { ToolRegistryCore } from './registry-core.ts'
import { createToolResultMessage } from '../llm/messages.ts'

export interface ToolBatchCall {
  callId: CallId
  name: string
  /** Raw argument text as the model produced it (logged verbatim). */
  arguments: string
}

export interface ToolBatchInput {
  ctx: Context
  /** The registry core to run through; default `ctx.tools`' (a per-step caller passes it resolved once). */
  tools?: ToolRegistryCore
  agent: Agent
  session: Session
  turn: number
  step: number
  calls: readonly ToolBatchCall[]
  signal: AbortSignal
  /** Pool size for concurrency-safe calls; default 10. */
  maxParallel?: number
}

export interface ToolBatchOutcome {
  /** A committed success asked to conclude the turn. */
  concludesTurn: boolean
  /** `additionalContexts` of all results, FIFO, for the loop to enter after the results. */
  contexts: UserMessage[]
}

interface Started {
  call: ToolBatchCall
  callSeq: number
  run: ToolCall
}

const DEFAULT_MAX_PARALLEL = 10

function parseForClassification(raw: string): JsonValue | undefined {
  if (raw.trim() === '') return {}
  try {
    return JSON.parse(raw) as JsonValue
  } catch {
    return undefined
  }
}

class BatchRun {
  readonly outcome: ToolBatchOutcome = { concludesTurn: false, contexts: [] }
  private readonly tools: ToolRegistryCore
  private readonly maxParallel: number

  constructor(private readonly input: ToolBatchInput) {
    // `reflect.get` skips the context proxy's missing-property path (it builds an Error per read).
    this.tools = input.tools ?? (input.ctx.reflect.get('tools') as ToolRegistry).core
    this.maxParallel = input.maxParallel ?? DEFAULT_MAX_PARALLEL
    if (!Number.isInteger(this.maxParallel) || this.maxParallel < 1) throw new RangeError(`maxParallel must be a positive integer, got ${input.maxParallel}`)
  }

  isParallel(call: ToolBatchCall): boolean {
    return this.tools.executionMode({ name: call.name, args: parseForClassification(call.arguments), agent: this.input.agent }) === 'parallel'
  }

  /** Appends `tool/call` (raw arguments) and runs the sequential start gates. */
  async start(call: ToolBatchCall): Promise<Started> {
    const { session, turn, step, agent, signal } = this.input
    const callSeq = session.append('tool/call', { turn, step, callId: call.callId, name: call.name, arguments: call.arguments }).seq
    const run = this.tools.begin({ callId: call.callId, name: call.name, arguments: call.arguments, agent, signal })
    await run.prepare()
    return { call, callSeq, run }
  }

  /** Appends the `tool/result` answering `started` and queues its contexts. */
  commit(started: Started, result: ToolExecutionResult): void {
    const { session, turn, step } = this.input
    const message = createToolResultMessage({ callId: started.call.callId, content: result.content, isError: result.isError })
    const info = result.isError ? result.error.info : undefined
    session.append(
      'tool/result',
      { turn, step, message, ...(info ? { error: info } : {}), ...(result.meta !== undefined ? { meta: result.meta } : {}) },
      { surfaceOp: 'append', sourceEventSeqs: [started.callSeq] },
    )
    this.outcome.contexts.push(...(result.additionalContexts ?? []))
    if (!result.isError && result.concludesTurn === true) this.outcome.concludesTurn = true
  }

  async runExclusive(index: number): Promise<number> {
    const started = await this.start(this.input.calls[index]!)
    await started.run.dispatch()
    this.commit(started, await started.run.complete())
    return index + 1
  }

  /** A rolling pool over consecutive parallel calls; commits chain in model order. */
  async runPool(index: number): Promise<number> {
    const { calls, signal } = this.input
    const inflight = new Set<Promise<void>>()
    let chain: Promise<void> = Promise.resolve()
    let failed = false
    try {
      while (index < calls.length && !signal.aborted && !failed && this.isParallel(calls[index]!)) {
        while (inflight.size >= this.maxParallel) await Promise.race(inflight)
        if (signal.aborted) break
        const started = await this.start(calls[index]!)
        const body = started.run.dispatch()
        inflight.add(body)
        void body.finally(() => inflight.delete(body))
        chain = chain.then(async () => {
          await body
          this.commit(started, await started.run.complete())
        })
        chain.catch(() => (failed = true))
        index++
      }
    } finally {
      await Promise.allSettled(inflight)
      await chain
    }
    return index
  }

  /** After an abort: a `tool/call` + `ABORTED_BEFORE_DISPATCH` `tool/result` per unstarted call. */
  async closeUnstarted(index: number): Promise<void> {
    for (const call of this.input.calls.slice(index)) {
      const started = await this.start(call)
      this.commit(started, await started.run.complete())
    }
  }
}

/**
 * Runs one step's tool calls through `ctx.tools` and logs them.
 * @returns whether the turn concludes and the FIFO contexts to enter next step.
 * @throws only on a scheduler failure (e.g. a refused append), after draining started calls.
 */
export async function executeToolBatch(input: ToolBatchInput): Promise<ToolBatchOutcome> {
  const batch = new BatchRun(input)
  let index = 0
  while (index < input.calls.length && !input.signal.aborted) {
    const call = input.calls[index]!
    index = batch.isParallel(call) ? await batch.runPool(index) : await batch.runExclusive(index)
  }
  await batch.closeUnstarted(index)
  return batch.outcome
}
