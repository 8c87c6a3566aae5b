// The replay provider re-streams a recorded session's assistant chunks, one attempt per call.
import { Context } from '@deepseek-ai/cordis'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import LlmRuntime from '../../../src/llm/index.ts'
import * as replay from '../../../src/llm-replay/index.ts'
import type { GenerateOptions, StreamChunk } from '../../../src/llm/types.ts'
import type { SessionEvent } from '../../../src/session/types.ts'

const text = (index: number, t: string): StreamChunk[] => [
  { type: 'block-start', index, blockType: 'text' },
  { type: 'text-delta', index, text: t },
  { type: 'block-end', index, block: { type: 'text', text: t } },
]
const stop: StreamChunk = { type: 'finish', reason: { kind: 'stop' } }
const failed: StreamChunk = { type: 'finish', reason: { kind: 'error', failure: { message: 'busy', code: 'SERVER' } } }

function recorded(): SessionEvent[] {
  const list: [number, number, StreamChunk][] = [
    [1, 1, failed],
    ...text(0, 'first').map((c): [number, number, StreamChunk] => [1, 1, c]), [1, 1, stop],
    ...text(0, 'second').map((c): [number, number, StreamChunk] => [2, 1, c]), [2, 1, stop],
  ]
  const events: SessionEvent[] = [{ type: 'request/context', seq: 0, time: 0, data: { provider: 'p', model: 'm', contextWindow: 4096 } }]
  for (const [turn, step, chunk] of list) events.push({ type: 'assistant/chunk', seq: events.length, time: 0, data: { turn, step, chunk } })
  events.push({ type: 'turn/end', seq: events.length, time: 0, data: { turn: 2, reason: { kind: 'completed' } } })
  return events
}

const call: GenerateOptions = { provider: 'replay', model: 'm', messages: [] }

async function drain(stream: AsyncIterable<StreamChunk>): Promise<StreamChunk[]> {
  const out: StreamChunk[] = []
  for await (const chunk of stream) out.push(chunk)
  return out
}

let root: Context
beforeEach(async () => {
  root = new Context()
  await root.plugin(LlmRuntime)
})
afterEach(async () => { await root.fiber.dispose() })

describe('replay provider', () => {
  it('groups chunks into attempts split after each finish and per step', () => {
    expect(replay.recordedAttempts(recorded()).map((a) => a.length)).toEqual([1, 4, 4])
  })

  it('re-streams attempts in log order, failed attempts included, then fails clearly', async () => {
    await root.plugin(replay, { events: recorded() })
    expect(await drain(root.llm.stream(call))).toEqual([failed])
    expect(await drain(root.llm.stream(call))).toEqual([...text(0, 'first'), stop])
    expect(await drain(root.llm.stream(call))).toEqual([...text(0, 'second'), stop])
    expect(await drain(root.llm.stream(call))).toEqual([{ type: 'finish', reason: { kind: 'error', failure: { message: 'replay has no recorded response left', code: 'UNKNOWN' } } }])
    expect(root.llm.resolveModelInfo('replay', 'm')).toEqual({ provider: 'replay', model: 'm', contextWindow: 4096 })
  })

  it('stops a paced replay on abort', async () => {
    await root.plugin(replay, { events: recorded(), delayMs: 20 })
    const controller = new AbortController()
    const out: StreamChunk[] = []
    for await (const chunk of root.llm.stream({ ...call, signal: controller.signal })) {
      out.push(chunk)
      controller.abort()
    }
    expect(out).toEqual([failed])
    const second: StreamChunk[] = []
    const c2 = new AbortController()
    for await (const chunk of root.llm.stream({ ...call, signal: c2.signal })) {
      second.push(chunk)
      c2.abort()
    }
    expect(second).toEqual([text(0, 'first')[0], { type: 'finish', reason: { kind: 'aborted', failure: { message: 'request aborted', code: 'ABORTED' } } }])
  })

  it('rejects a config without events', async () => {
    await expect(root.plugin(replay, {} as never)).rejects.toThrow('llm-replay: "events" must be an array of session events')
  })
})
