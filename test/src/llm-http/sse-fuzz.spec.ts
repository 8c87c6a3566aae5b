// SSE fuzz of every HTTP wire format (chat completions, Responses, Anthropic Messages, Gemini):
// random chunk boundaries give exactly the chunks of the unsplit documented stream; harmless
// garbage at event boundaries (comments, unknown fields, unknown events) changes nothing; garbage
// anywhere (bytes, lines, cuts) gives a valid chunk sequence or a named LlmError, never another
// throw; and fuzzed streams through a real runtime over HTTP always end the turn with the outcome logged.
import { describe, expect, it } from 'vitest'
import { createRuntime } from '../../../src/index.ts'
import { AnthropicEventMapper } from '../../../src/llm-anthropic/event-mapper.ts'
import { GeminiEventMapper } from '../../../src/llm-gemini/event-mapper.ts'
import { decodeSse, type EventMapper } from '../../../src/llm-http/sse-decode.ts'
import { WireMapper } from '../../../src/llm-openai-compatible/wire-mapper.ts'
import { ResponsesEventMapper } from '../../../src/llm-openai-responses/event-mapper.ts'
import { LLM_ERROR_RETRYABLE, LlmError } from '../../../src/llm/errors.ts'
import { checkChunkSequence } from '../../../src/llm/invariant.ts'
import type { StreamChunk } from '../../../src/llm/types.ts'
import { API_KEY, MODELS } from '../../mock-provider/adapters.ts'
import { DOCUMENTED, type FormatName } from '../../mock-provider/formats.ts'
import { MockProvider } from '../../mock-provider/server.ts'

const MAPPERS: Record<FormatName, () => EventMapper> = {
  'openai-compatible': () => new WireMapper(1 << 22),
  'openai-responses': () => new ResponsesEventMapper(1 << 22),
  anthropic: () => new AnthropicEventMapper(1 << 22),
  gemini: () => new GeminiEventMapper(1 << 22),
}
const FORMATS = Object.keys(MAPPERS) as FormatName[]
const CODES = new Set(Object.keys(LLM_ERROR_RETRYABLE))
const encoder = new TextEncoder()

/** Deterministic PRNG (mulberry32) so a failing case can be replayed from its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function randomSplit(bytes: Uint8Array, random: () => number): Uint8Array[] {
  const pieces: Uint8Array[] = []
  let at = 0
  while (at < bytes.length) {
    const size = 1 + Math.floor(random() * 40)
    pieces.push(bytes.subarray(at, at + size))
    at += size
  }
  return pieces
}

type Outcome = { chunks: StreamChunk[]; error?: unknown }

/** The chunks with made-up call ids (Gemini sends none) replaced by their order, so runs compare. */
function stableIds(chunks: StreamChunk[]): StreamChunk[] {
  const ids = [...new Set(chunks.flatMap((c) => (c.type === 'tool-call-delta' ? [c.id] : [])))]
  let json = JSON.stringify(chunks)
  ids.forEach((id, n) => { json = json.split(id).join(`call-${n}`) })
  return JSON.parse(json) as StreamChunk[]
}

async function decode(format: FormatName, pieces: Uint8Array[]): Promise<Outcome> {
  const chunks: StreamChunk[] = []
  async function* source() { yield* pieces }
  try {
    for await (const chunk of decodeSse(source(), 1 << 20, MAPPERS[format]())) chunks.push(chunk)
    return { chunks: stableIds(chunks) }
  } catch (error) {
    return { chunks: stableIds(chunks), error }
  }
}

/** Character offsets right after each event's blank line. */
function eventBoundaries(text: string): number[] {
  return [...text.matchAll(/\r\n\r\n|\n\n|\r\r/g)].map((match) => match.index + match[0].length)
}

const HARMLESS = [': keep-alive\n\n', 'retry: 250\n', 'id: 42\n', ':\n', '\n', 'event: ping\ndata: {"type":"ping"}\n\n', 'data: {"type":"some.future.event","x":1}\n\n']
const HOSTILE = ['data: <html>bad gateway</html>\n\n', 'data: [1,2,3]\n\n', 'data: {"unterminated": \n\n', '\r', '\n\n', 'data: null\n\n', 'data:\n\n', 'event: error\ndata: {}\n\n']

function hostileBytes(random: () => number): Uint8Array {
  if (random() < 0.5) return encoder.encode(HOSTILE[Math.floor(random() * HOSTILE.length)]!)
  return Uint8Array.from({ length: 1 + Math.floor(random() * 12) }, () => Math.floor(random() * 256))
}

function insert(bytes: Uint8Array, at: number, extra: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + extra.length)
  out.set(bytes.subarray(0, at))
  out.set(extra, at)
  out.set(bytes.subarray(at), at + extra.length)
  return out
}

/** What is wrong with an outcome ('' for valid chunks or a named LlmError — nothing else is acceptable). */
function outcomeProblem({ chunks, error }: Outcome): string {
  if (error === undefined) return checkChunkSequence(chunks).join('; ')
  if (!(error instanceof LlmError)) return `not an LlmError: ${String(error)}`
  if (!CODES.has(error.code)) return `unknown code ${error.code}`
  return error.message.length > 0 ? '' : 'empty message'
}

describe.each(FORMATS)('SSE fuzz: %s', (format) => {
  const text = DOCUMENTED[format].body()
  const bytes = encoder.encode(text)

  it('random chunk boundaries give the chunks of the unsplit stream', async () => {
    const reference = await decode(format, [bytes])
    expect(reference.error).toBeUndefined()
    expect(checkChunkSequence(reference.chunks)).toEqual([])
    for (let seed = 1; seed <= 300; seed += 1) {
      const split = await decode(format, randomSplit(bytes, prng(seed)))
      expect(split, `seed ${seed}`).toEqual(reference)
    }
  })

  it('harmless garbage at event boundaries (comments, fields, unknown events) changes nothing', async () => {
    const reference = await decode(format, [bytes])
    const boundaries = eventBoundaries(text)
    for (let seed = 1; seed <= 200; seed += 1) {
      const random = prng(seed)
      const at = [0, 1, 2].map(() => boundaries[Math.floor(random() * boundaries.length)]!).sort((x, y) => y - x)
      const fuzzedText = at.reduce((acc, offset) => acc.slice(0, offset) + HARMLESS[Math.floor(random() * HARMLESS.length)]! + acc.slice(offset), text)
      const fuzzed = encoder.encode(fuzzedText)
      expect(await decode(format, randomSplit(fuzzed, random)), `seed ${seed}`).toEqual(reference)
    }
  })

  it('garbage bytes or lines anywhere, or a cut anywhere, give valid chunks or a named LlmError', async () => {
    for (let seed = 1; seed <= 400; seed += 1) {
      const random = prng(seed * 7919)
      const at = Math.floor(random() * bytes.length)
      const fuzzed = random() < 0.25 ? bytes.subarray(0, at) : insert(bytes, at, hostileBytes(random))
      expect(outcomeProblem(await decode(format, randomSplit(fuzzed, random))), `seed ${seed}`).toBe('')
    }
  })
})

describe('SSE fuzz through a runtime over HTTP', () => {
  it.each(FORMATS)('%s: every fuzzed stream ends the turn with the outcome in the log', async (format) => {
    const bytes = encoder.encode(DOCUMENTED[format].body())
    for (let seed = 1; seed <= 4; seed += 1) {
      const random = prng(seed * 104729)
      const fuzzed = insert(bytes, Math.floor(random() * bytes.length), hostileBytes(random))
      const mock = await MockProvider.start()
      for (let i = 0; i < 12; i += 1) mock.enqueue({ body: fuzzed })
      const runtime = await createRuntime({
        llm: { provider: format, baseURL: mock.baseURL, apiKey: API_KEY, model: MODELS[format] },
        permissions: 'read-only',
        patches: [{ id: 'llm-retry', config: { sleep: () => Promise.resolve() } }],
      })
      try {
        const agent = await runtime.open()
        agent.followup('go')
        await agent.whenIdle()
        const end = agent.session.events.findLast((e) => e.type === 'turn/end')
        expect(end, `${format} seed ${seed}`).toBeDefined()
        const reason = end!.type === 'turn/end' ? end!.data.reason : undefined
        expect(reason?.kind === 'error' ? CODES.has(reason.error.code) : reason !== undefined, `${format} seed ${seed}`).toBe(true)
        expect(agent.session.events.some((e) => e.type === 'user/message')).toBe(true)
      } finally {
        await runtime.dispose()
        await mock.close()
      }
    }
  })
})
