/**
 * One tool call through the §8.4 pipeline in three phases the scheduler can interleave:
 * `prepare` (snapshot, pre-execute, approval, guards), `dispatch` (tools/execute around the body),
 * `complete` (post-execute, materialize, finalizeContent once, tools/result). Plane: worker.
 * Contract: no phase ever rejects; every failure becomes a normalized `isError` result.
 * @module tools/pipeline
 */
import type { Context, EventsService } from '@deepseek-ai/cordis'
import type { UserMessage } from '../llm/types.ts'
import type { JsonValue } from '../util/json.ts'
import type { PostToolDecision, PreToolDecision, ToolDefinition, ToolExecution, ToolExecutionInput, ToolExecutionResult, ToolProgress, ToolRunContext } from './types.ts'
import type { ToolScope } from './layers.ts'
import { abortedResult, denialResult, errorMessage, errorResult, invalidArgsError, unknownToolError } from './errors.ts'
import { snapshotJson } from './json-snapshot.ts'
import { argumentProblems } from './json-schema.ts'
import { fuseSignals } from './fuse-signals.ts'
import { resolveAsk } from './ask-gate.ts'
import { applyPostDecision, materialize, successResult, withContexts } from './outcome.ts'
import { notifyProgress, notifyResult } from './notify.ts'
import { deepFreeze } from '../llm/deep-freeze.ts'

/** What the pipeline needs from the registry. */
export interface PipelineHost {
  lookup(name: string, scope?: ToolScope): ToolDefinition | undefined
  guardReason(exec: ToolExecution): string | undefined
}

type Stage =
  | { kind: 'pending' }
  | { kind: 'dispatch' }
  | { kind: 'post'; result: ToolExecutionResult }
  | { kind: 'final'; result: ToolExecutionResult }

type MutableExecution = { -readonly [K in keyof ToolExecution]: ToolExecution[K] }

function parseArguments(raw: string): { args: JsonValue | undefined; parseError?: string } {
  if (raw.trim() === '') return { args: Object.freeze({}) }
  try {
    return { args: snapshotJson(JSON.parse(raw)) }
  } catch (error) {
    return { args: undefined, parseError: errorMessage(error) }
  }
}

/** Only `signal` stays writable (for `tools/execute` wrappers); everything else is read-only. */
function createExecution(input: ToolExecutionInput, args: JsonValue | undefined): MutableExecution {
  const exec = { signal: input.signal } as MutableExecution
  const fixed: Omit<ToolExecution, 'signal'> = {
    callId: input.callId,
    rootCallId: input.rootCallId ?? input.callId,
    name: input.name,
    token: Symbol(`tool-call:${input.callId}`),
    rawArguments: input.arguments,
    args,
    ...(input.agent !== undefined ? { agent: input.agent } : {}),
    ...(input.parent !== undefined ? { parent: input.parent } : {}),
  }
  for (const [key, value] of Object.entries(fixed)) Object.defineProperty(exec, key, { value, enumerable: true, writable: false })
  Object.defineProperty(exec, 'token', { value: fixed.token, enumerable: true, writable: false })
  return Object.seal(exec)
}

export class ToolCall {
  readonly exec: ToolExecution
  private readonly mutable: MutableExecution
  private readonly callerSignal: AbortSignal
  private readonly parseError: string | undefined
  private readonly finalize: ToolDefinition['finalizeContent']
  private readonly deferred: UserMessage[] = []
  private readonly bodyResults = new WeakSet<object>()
  /** The bus the registry core holds (kernel/cordis/service `eventBus`). */
  private readonly events: EventsService
  private stage: Stage = { kind: 'pending' }
  private bodyRan = false
  private concludes = false

  constructor(private readonly ctx: Context, events: EventsService, private readonly host: PipelineHost, input: ToolExecutionInput) {
    this.events = events
    const { args, parseError } = parseArguments(input.arguments)
    this.parseError = parseError
    this.callerSignal = input.signal
    this.mutable = createExecution(input, args)
    this.exec = this.mutable
    const tool = host.lookup(input.name, input.agent)
    this.finalize = tool?.finalizeContent?.bind(tool)
  }

  /** Gates 2–5: caller-abort check, `tools/pre-execute`, approval for `ask`, monotonic guards. */
  async prepare(): Promise<void> {
    if (this.stage.kind !== 'pending') return
    if (this.callerSignal.aborted) return void (this.stage = { kind: 'final', result: abortedResult(false) })
    try {
      const decision = (await this.events.waterfall('tools/pre-execute', this.exec, async (): Promise<PreToolDecision> => ({ kind: 'allow' }))) as PreToolDecision
      const denial = await this.denialOf(decision)
      if (denial === 'cancelled') this.stage = { kind: 'post', result: abortedResult(false) }
      else if (denial !== undefined) this.stage = { kind: 'post', result: denialResult(denial) }
      else if (this.callerSignal.aborted) this.stage = { kind: 'post', result: abortedResult(false) }
      else this.stage = { kind: 'dispatch' }
    } catch (error) {
      this.stage = { kind: 'final', result: errorResult(error) }
    }
  }

  private async denialOf(decision: PreToolDecision): Promise<string | undefined> {
    switch (decision?.kind) {
      case 'allow':
        return this.host.guardReason(this.exec)
      case 'deny':
        if (typeof decision.reason !== 'string') throw new TypeError('tools/pre-execute deny needs a string reason')
        return decision.reason
      case 'ask': {
        const resolution = await resolveAsk(this.ctx, this.exec, decision.reason)
        if (resolution.kind === 'allow') return this.host.guardReason(this.exec)
        return resolution.cancelled && this.callerSignal.aborted ? 'cancelled' : resolution.reason
      }
      default:
        throw new TypeError(`tools/pre-execute returned an unknown decision ${JSON.stringify((decision as { kind?: unknown } | undefined)?.kind)}`)
    }
  }

  /** Gates 6–8: the `tools/execute` around-waterfall, the body, normalization. */
  async dispatch(): Promise<void> {
    if (this.stage.kind !== 'dispatch') return
    try {
      const wrapped = (await this.events.waterfall('tools/execute', this.exec, () => this.runBody())) as ToolExecutionResult
      const normalized = withContexts(this.normalize(wrapped), this.deferred, wrapped.additionalContexts)
      const aborted = this.callerSignal.aborted && !normalized.isError
      this.stage = { kind: 'post', result: aborted ? abortedResult(this.bodyRan, normalized.additionalContexts) : normalized }
    } catch (error) {
      this.stage = { kind: 'final', result: errorResult(error) }
    }
  }

  private async runBody(): Promise<ToolExecutionResult> {
    const fused = fuseSignals(this.callerSignal, this.exec.signal)
    if (fused.signal.aborted) return abortedResult(false)
    try {
      const tool = this.host.lookup(this.exec.name, this.exec.agent)
      if (!tool) throw unknownToolError(this.exec.name)
      if (this.parseError !== undefined) throw invalidArgsError(this.exec.name, [`arguments are not valid JSON (${this.parseError})`])
      const problems = argumentProblems(tool, this.exec.args)
      if (problems.length > 0) throw invalidArgsError(this.exec.name, problems)
      this.bodyRan = true
      const value = await tool.execute(this.exec.args, this.runContext(fused.signal))
      const result = successResult(tool, this.exec, value, this.concludes)
      this.bodyResults.add(result)
      return result
    } catch (error) {
      const cancelled = this.callerSignal.aborted && error === this.callerSignal.reason
      const result = cancelled ? abortedResult(this.bodyRan) : errorResult(error)
      this.bodyResults.add(result)
      return result
    } finally {
      fused.dispose()
    }
  }

  private runContext(signal: AbortSignal): ToolRunContext {
    return Object.freeze({
      ...this.exec,
      signal,
      deferContext: (message: UserMessage) => void this.deferred.push(message),
      concludeTurn: () => void (this.concludes = true),
      progress: (update: ToolProgress) => notifyProgress(this.ctx, this.events, this.exec, update),
    })
  }

  /** A wrapper-authored success is re-validated against the tool's output contract. */
  private normalize(result: ToolExecutionResult): ToolExecutionResult {
    if (this.bodyResults.has(result)) return withContexts(result)
    const checked = materialize(result)
    if (checked.isError) return withContexts(checked)
    return this.rerender(checked.value)
  }

  private rerender(value: JsonValue): ToolExecutionResult {
    const tool = this.host.lookup(this.exec.name, this.exec.agent)
    if (!tool) throw unknownToolError(this.exec.name)
    return successResult(tool, this.exec, value, this.concludes)
  }

  /** Gates 9–11: post-execute, materialization, `finalizeContent` exactly once, `tools/result`. */
  async complete(): Promise<ToolExecutionResult> {
    await this.prepare()
    await this.dispatch()
    let result = this.stage.kind === 'final' || this.stage.kind === 'post' ? this.stage.result : errorResult(new Error('tool call never prepared'))
    if (this.stage.kind === 'post') result = await this.postExecute(result)
    const final = this.finish(result)
    Object.freeze(this.mutable)
    notifyResult(this.ctx, this.events, this.exec, final)
    return final
  }

  private async postExecute(result: ToolExecutionResult): Promise<ToolExecutionResult> {
    try {
      const decision = (await this.events.waterfall('tools/post-execute', this.exec, deepFreeze(result), async () => ({ kind: 'accept' as const }))) as PostToolDecision
      const decided = applyPostDecision(decision, result, (value) => this.rerender(value))
      return this.callerSignal.aborted && !decided.isError ? abortedResult(this.bodyRan, decided.additionalContexts) : decided
    } catch (error) {
      return errorResult(error)
    }
  }

  private finish(result: ToolExecutionResult): ToolExecutionResult {
    let final: ToolExecutionResult
    try {
      final = materialize(result)
    } catch (error) {
      final = materialize(errorResult(error))
    }
    if (!this.finalize) return final
    try {
      const content = this.finalize(this.exec, final)
      return content === undefined ? final : materialize({ ...final, content })
    } catch (error) {
      return materialize(errorResult(new Error(`tool ${JSON.stringify(this.exec.name)} finalizeContent failed: ${errorMessage(error)}`)))
    }
  }
}
