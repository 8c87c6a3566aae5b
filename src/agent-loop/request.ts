/**
 * The request phase (dsh contracts §4.2 steps 1–7): route, derive, build the frozen request,
 * stream into `assistant/chunk`s and commit `assistant/message` (or an interrupted partial).
 * Plane: worker. Contract: the request is built from the log and the step's prompt only; a failed
 * finish is returned with its route (not thrown) so the recovery phase decides; the message's tool
 * calls are returned for the tool batch; an abort always rethrows.
 * @module agent-loop/request
 */
import { BlockAssembler } from '../llm/block-assembler.ts'
import { createAssistantMessage } from '../llm/messages.ts'
import type { GenerateOptions } from '../llm/types.ts'
import type { CallId } from '../util/brand.ts'
import type { RequestInput, RequestOutcome, StepInput } from './loop-types.ts'
import { checkAbort, type LoopDeps } from './loop-deps.ts'
import { routeRequest } from './request-config.ts'

/** Appends the partial answer of an aborted stream (non-blank text/reasoning only). */
function commitInterrupted(deps: LoopDeps, input: StepInput, assembler: BlockAssembler, chunkSeqs: number[], provider: string, model: string): void {
  const content = assembler.interruptedContent()
  if (content.length === 0) return
  const usage = assembler.result().usage
  const message = createAssistantMessage(content, { provider, model })
  deps.session.append('assistant/message', { turn: input.turn, step: input.step, message, ...(usage ? { usage } : {}), interrupted: true }, { surfaceOp: 'append', sourceEventSeqs: chunkSeqs })
}

export function requestPhase(deps: LoopDeps) {
  return async (input: RequestInput): Promise<RequestOutcome> => {
    const signal = deps.signal()
    checkAbort(signal)
    const { session } = deps
    const { prepared, header } = await routeRequest(deps, input, signal)
    checkAbort(signal)
    const request: GenerateOptions = Object.freeze({
      ...header.config,
      messages: session.sharedMessages(),
      ...(header.system === undefined ? {} : { system: header.system }),
      ...(header.tools === undefined ? {} : { tools: header.tools }),
      sessionId: session.id,
      signal,
    })
    const { provider, model } = header.config
    const assembler = new BlockAssembler()
    const chunkSeqs: number[] = []
    try {
      for await (const chunk of prepared.stream(request)) {
        chunkSeqs.push(session.append('assistant/chunk', { turn: input.turn, step: input.step, chunk }).seq)
        assembler.push(chunk)
      }
    } catch (error) {
      if (signal.aborted) commitInterrupted(deps, input, assembler, chunkSeqs, provider, model)
      throw error
    }
    const result = assembler.result()
    if (signal.aborted) {
      commitInterrupted(deps, input, assembler, chunkSeqs, provider, model)
      checkAbort(signal)
    }
    if (result.finish.kind === 'error' || result.finish.kind === 'aborted') return { kind: 'failed', failure: result.finish.failure, provider, retryPolicy: prepared.retryPolicy }
    const message = createAssistantMessage(result.content, { provider, model, ...(result.replayState === undefined ? {} : { replayState: result.replayState }) })
    session.append('assistant/message', { turn: input.turn, step: input.step, message, ...(result.usage ? { usage: result.usage } : {}) }, { surfaceOp: 'append', sourceEventSeqs: chunkSeqs })
    const calls = message.content.flatMap((block) => (block.type === 'tool-call' ? [{ callId: block.id as CallId, name: block.name, arguments: block.arguments }] : []))
    const finish = result.finish.kind === 'max-tokens' ? 'max-tokens' : calls.length ? 'tool-calls' : 'stop'
    return { kind: 'finished', finish, calls }
  }
}
