/**
 * The `scripted` adapter: answers each call with the next scripted reply (or a function of
 * the request), records every request, paces chunks for demos. Plane: shared; function
 * timers only. Contract: one reply per call, in order; none left → `UNKNOWN` "scripted
 * model has no reply left"; a hang ends only by abort (`ABORTED`).
 * @module llm-scripted/adapter
 */
import { LlmError, codeForHttpStatus } from '../llm/errors.ts'
import { MAX_TIMER_MS, abortedError, delay } from '../llm/delay.ts'
import { RequestTokenTally } from '../llm/token-tally.ts'
import type { GenerateOptions, LlmAdapter, LlmFailure, ModelInfo, StreamChunk } from '../llm/types.ts'
import { replyChunks, splitText } from './reply-chunks.ts'
import type { ScriptedReply, ScriptedReplyData, ScriptedRequest } from './types.ts'

export interface ScriptedSettings {
  provider: string
  model: string
  contextWindow: number
  delayMs: number
  replies: ScriptedReply[]
}

function failureOf(error: { status?: number; code?: LlmFailure['code']; message: string; retryAfterMs?: number }): LlmFailure {
  const failure: LlmFailure = { message: error.message, code: error.code ?? (error.status !== undefined ? codeForHttpStatus(error.status, error.message) : 'UNKNOWN') }
  if (error.status !== undefined) failure.status = error.status
  if (error.retryAfterMs !== undefined) failure.providerRetryAfterMs = error.retryAfterMs
  return failure
}

export class ScriptedAdapter implements LlmAdapter {
  readonly providerInfo: { id: string; label: string }
  /** Every request received, in order (options without the signal). */
  readonly requests: ScriptedRequest[] = []
  private readonly replies: ScriptedReply[]
  /** Usage estimates grow with the new messages only (one tally: requests of one session extend each other). */
  private readonly tally = new RequestTokenTally()

  constructor(private readonly settings: ScriptedSettings) {
    this.providerInfo = { id: settings.provider, label: 'Scripted model' }
    this.replies = [...settings.replies]
  }

  /** Replies not used yet. */
  get remaining(): number {
    return this.replies.length
  }

  /** Appends replies for later calls. */
  enqueue(...replies: ScriptedReply[]): void {
    this.replies.push(...replies)
  }

  async listModels(): Promise<ModelInfo[]> {
    return [this.resolveModel(this.settings.model)]
  }

  resolveModel(model: string): ModelInfo {
    return { provider: this.settings.provider, model, contextWindow: this.settings.contextWindow }
  }

  async *stream(options: GenerateOptions): AsyncGenerator<StreamChunk> {
    const { signal, ...request } = options
    const number = this.requests.length
    this.requests.push(request)
    const next = this.replies.shift()
    if (next === undefined) throw new LlmError({ message: 'scripted model has no reply left', code: 'UNKNOWN' })
    const reply: ScriptedReplyData = typeof next === 'function' ? await next(request, number) : next
    const delayMs = reply.delayMs ?? this.settings.delayMs
    if ('error' in reply) {
      if (delayMs > 0) await delay(delayMs, signal)
      throw new LlmError(failureOf(reply.error))
    }
    const chunks: StreamChunk[] = 'hang' in reply
      ? [{ type: 'block-start', index: 0, blockType: 'text' }, ...splitText('Thinking about it').map((text): StreamChunk => ({ type: 'text-delta', index: 0, text }))]
      : replyChunks(reply, request, `call_${number}`, (sent) => this.tally.estimate(sent))
    for (const chunk of chunks) {
      if (delayMs > 0) await delay(delayMs, signal)
      if (signal?.aborted) throw abortedError()
      yield chunk
    }
    while ('hang' in reply) await delay(MAX_TIMER_MS, signal)
  }
}
