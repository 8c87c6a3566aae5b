// Token estimates (4 chars/token, CJK 1/char, block and message overheads), context pressure
// anchored to the last real usage, and usage per step and per session incl. failed attempts.
import { describe, expect, it } from 'vitest'
import { estimateBlockTokens, estimateMessageTokens, estimateTextTokens } from '../../../src/llm/token-estimate.ts'
import { measureContext, sessionUsage, usageByStep } from '../../../src/llm/token-meter.ts'
import { createAssistantMessage, createUserMessage } from '../../../src/llm/messages.ts'
import type { SessionEvent } from '../../../src/session/types.ts'
import type { StreamChunk } from '../../../src/llm/types.ts'
import type { CallId } from '../../../src/util/brand.ts'

let seq = 0
function ev(type: string, data: unknown, extra: object = {}): SessionEvent {
  return { type, seq: seq++, time: 0, data, ...extra } as SessionEvent
}
const chunkEv = (turn: number, step: number, chunk: StreamChunk) => ev('assistant/chunk', { turn, step, chunk })

describe('token estimate', () => {
  it('counts 4 characters per token but CJK one per character', () => {
    expect(estimateTextTokens('abcdefgh')).toBe(2)
    expect(estimateTextTokens('abcde')).toBe(2)
    expect(estimateTextTokens('你好世界')).toBe(4)
    expect(estimateTextTokens('你好 abcd')).toBe(4)
  })

  it('adds 4 per block and 4 per message', () => {
    expect(estimateBlockTokens({ type: 'text', text: 'abcd' })).toBe(5)
    expect(estimateBlockTokens({ type: 'tool-call', id: 'c' as CallId, name: 'read', arguments: '{"a":1}' })).toBe(1 + 2 + 4)
    expect(estimateBlockTokens({ type: 'tool-result', toolCallId: 'c' as CallId, content: [{ type: 'text', text: 'abcd' }] })).toBe(9)
    expect(estimateMessageTokens(createUserMessage('abcd'))).toBe(9)
  })
})

describe('token meter', () => {
  const route = { provider: 'p', model: 'm' }
  it('anchors to the last real usage plus growth since, never below the heuristic', () => {
    seq = 0
    const q = createUserMessage('question')
    const a = createAssistantMessage([{ type: 'text', text: 'answer' }], route)
    const q2 = createUserMessage('abcdefgh')
    const events = [ev('user/message', q, { surfaceOp: 'append' }), ev('assistant/message', { turn: 1, step: 1, message: a, usage: { inputTokens: 900, outputTokens: 50, cacheReadTokens: 50 } }, { surfaceOp: 'append' }), ev('user/message', q2, { surfaceOp: 'append' })]
    expect(measureContext({ events, messages: [q, a, q2] })).toEqual({ totalTokens: 1000 + 2 + 4 + 4, source: 'usage', anchorSeq: 1 })
    const small = [...events.slice(0, 1), ev('assistant/message', { turn: 1, step: 1, message: a, usage: { inputTokens: 1, outputTokens: 1 } }, { surfaceOp: 'append' })]
    expect(measureContext({ events: small, messages: [q, a] })).toEqual({ totalTokens: estimateMessageTokens(q) + estimateMessageTokens(a), source: 'estimate', anchorSeq: 3 })
  })

  it('falls back to the heuristic after a header change or a surface replace', () => {
    seq = 0
    const a = createAssistantMessage([{ type: 'text', text: 'x' }], route)
    const events = [ev('assistant/message', { turn: 1, step: 1, message: a, usage: { inputTokens: 5000, outputTokens: 1 } }, { surfaceOp: 'append' }), ev('request/header', { header: { config: route }, reason: 'change' })]
    expect(measureContext({ events, messages: [a], system: 'abcd' })).toEqual({ totalTokens: estimateMessageTokens(a) + 5, source: 'estimate' })
  })

  it('sums usage per step over every attempt, and per session with compaction', () => {
    seq = 0
    const events = [
      chunkEv(1, 1, { type: 'usage', usage: { inputTokens: 10, outputTokens: 1 } }),
      chunkEv(1, 1, { type: 'finish', reason: { kind: 'error', failure: { message: 'x', code: 'SERVER' } } }),
      chunkEv(1, 1, { type: 'usage', usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 3 } }),
      chunkEv(1, 2, { type: 'usage', usage: { inputTokens: 20, outputTokens: 2 } }),
      ev('compaction/summary', { usage: { inputTokens: 100, outputTokens: 10 } }),
    ]
    expect(usageByStep(events)).toEqual([
      { turn: 1, step: 1, attempts: 2, usage: { inputTokens: 20, outputTokens: 6, cacheReadTokens: 3 } },
      { turn: 1, step: 2, attempts: 1, usage: { inputTokens: 20, outputTokens: 2 } },
    ])
    expect(sessionUsage(events)).toEqual({ inputTokens: 140, outputTokens: 18, cacheReadTokens: 3 })
  })
})
