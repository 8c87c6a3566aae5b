/**
 * A scripted response → the chunk sequence a real adapter would stream: blocks with
 * several deltas, block-ends, usage, finish (an empty `stop` is `EMPTY_RESPONSE`, a
 * `max-tokens` finish leaves tool calls unended). Plane: shared; pure.
 * @module llm-scripted/reply-chunks
 */
import { estimateRequestTokens, estimateTextTokens } from '../llm/token-estimate.ts'
import type { StreamChunk, TokenUsage } from '../llm/types.ts'
import type { CallId } from '../util/brand.ts'
import type { ScriptedRequest, ScriptedResponse } from './types.ts'

/** Splits text into up to three code-point-safe pieces. */
export function splitText(text: string, parts = 3): string[] {
  const points = Array.from(text)
  const size = Math.max(1, Math.ceil(points.length / parts))
  const out: string[] = []
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(''))
  return out
}

function textBlock(index: number, type: 'text' | 'reasoning', text: string): StreamChunk[] {
  const deltas = splitText(text).map((piece): StreamChunk => (type === 'text'
    ? { type: 'text-delta', index, text: piece }
    : { type: 'reasoning-delta', index, text: piece }))
  return [{ type: 'block-start', index, blockType: type }, ...deltas, { type: 'block-end', index, block: { type, text } }]
}

function estimateUsage(inputTokens: number, reply: ScriptedResponse, calls: { name: string; args: string }[]): TokenUsage {
  const output = [reply.reasoning ?? '', reply.text ?? '', ...calls.map((call) => call.name + call.args)]
  return { inputTokens, outputTokens: output.reduce((sum, text) => sum + estimateTextTokens(text), 0) }
}

/**
 * @param callPrefix - makes default call ids unique per request, e.g. `call_3` → `call_3_0`
 * @param estimateInput - the request's input tokens when the reply has no usage (an adapter passes its incremental tally)
 */
export function replyChunks(reply: ScriptedResponse, request: ScriptedRequest, callPrefix: string, estimateInput: (request: ScriptedRequest) => number = estimateRequestTokens): StreamChunk[] {
  const chunks: StreamChunk[] = []
  let index = 0
  if (reply.reasoning) chunks.push(...textBlock(index++, 'reasoning', reply.reasoning))
  if (reply.text) chunks.push(...textBlock(index++, 'text', reply.text))
  const calls = (reply.toolCalls ?? []).map((call, i) => ({
    id: (call.id ?? `${callPrefix}_${i}`) as CallId,
    name: call.name,
    args: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }))
  const finish = reply.finish ?? (calls.length ? 'tool-calls' : 'stop')
  for (const call of calls) {
    const at = index++
    const [first = '', ...rest] = splitText(call.args, 2)
    chunks.push({ type: 'block-start', index: at, blockType: 'tool-call' })
    chunks.push({ type: 'tool-call-delta', index: at, id: call.id, name: call.name, argumentsDelta: first })
    for (const piece of rest) chunks.push({ type: 'tool-call-delta', index: at, id: call.id, argumentsDelta: piece })
    if (finish !== 'max-tokens') chunks.push({ type: 'block-end', index: at, block: { type: 'tool-call', id: call.id, name: call.name, arguments: call.args } })
  }
  chunks.push({ type: 'usage', usage: reply.usage ?? estimateUsage(estimateInput(request), reply, calls) })
  if (finish !== 'max-tokens' && !calls.length && !reply.text?.trim()) {
    chunks.push({ type: 'finish', reason: { kind: 'error', failure: { message: 'the model returned no text and no tool call', code: 'EMPTY_RESPONSE' } } })
  } else {
    chunks.push({ type: 'finish', reason: { kind: finish } })
  }
  return chunks
}
