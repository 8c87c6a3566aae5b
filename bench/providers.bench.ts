/**
 * Per-chunk cost of each HTTP provider's stream path (issue 34): SSE parsing + the format's event
 * mapper + block assembly, over a synthetic stream per wire format — chat completions, Responses,
 * Anthropic Messages, Gemini — of 20 000 wire events (¼ reasoning, ½ text, ¼ tool-call argument
 * fragments over two parallel calls; Gemini, which sends calls whole, gets one call part per
 * event instead), fed in 16 KiB network pieces. Reports µs per wire event and MB/s of stream
 * input per format (target ≥ 20 MB/s, issue 34). Plane: Node (npm run bench); measures, never asserts.
 * @module bench/providers
 */
import { AnthropicEventMapper } from '../src/llm-anthropic/event-mapper.ts'
import { GeminiEventMapper } from '../src/llm-gemini/event-mapper.ts'
import { decodeSse, type EventMapper } from '../src/llm-http/sse-decode.ts'
import { WireMapper } from '../src/llm-openai-compatible/wire-mapper.ts'
import { ResponsesEventMapper } from '../src/llm-openai-responses/event-mapper.ts'
import { BlockAssembler } from '../src/llm/block-assembler.ts'
import { anthropic, chunk, gemini, namedEvents, responses, sse, usage, type FormatName } from '../test/mock-provider/formats.ts'
import { recordSamples } from './harness.ts'

const WIRE_EVENTS = 20_000
const PIECE = 16 * 1024
const Q = WIRE_EVENTS / 4

const reasoning = (i: number) => `step ${i}: 先想一想 then `
const text = (i: number) => `word${i} and some more text `

const STREAMS: Record<FormatName, { body: () => string; mapper: () => EventMapper }> = {
  'openai-compatible': {
    body: () => sse([
      ...Array.from({ length: Q }, (_, i) => chunk({ reasoning_content: reasoning(i) })),
      ...Array.from({ length: 2 * Q }, (_, i) => chunk({ content: text(i) })),
      ...Array.from({ length: Q }, (_, i) => chunk({ tool_calls: [{ index: i % 2, ...(i < 2 ? { id: `call_${i}`, type: 'function', function: { name: 'write', arguments: '{"c":"' } } : { function: { arguments: 'abcdefghij' } }) }] })),
      chunk({}, 'tool_calls', usage(1000, 5000, 200)), '[DONE]',
    ]),
    mapper: () => new WireMapper(1 << 26),
  },
  'openai-responses': {
    body: () => namedEvents([
      ...Array.from({ length: Q }, (_, i) => responses.reasoning(reasoning(i))),
      ...Array.from({ length: 2 * Q }, (_, i) => responses.text(text(i), 1)),
      responses.callAdded(2, 'call_0', 'write'), responses.callAdded(3, 'call_1', 'write'),
      ...Array.from({ length: Q }, (_, i) => responses.args(2 + (i % 2), i < 2 ? '{"c":"' : 'abcdefghij')),
      responses.completed(),
    ]),
    mapper: () => new ResponsesEventMapper(1 << 26),
  },
  anthropic: {
    body: () => namedEvents([
      anthropic.messageStart(), anthropic.blockStart(0, { type: 'thinking', thinking: '' }),
      ...Array.from({ length: Q }, (_, i) => anthropic.thinking(0, reasoning(i))),
      anthropic.blockStop(0), anthropic.blockStart(1, { type: 'text', text: '' }),
      ...Array.from({ length: 2 * Q }, (_, i) => anthropic.text(1, text(i))),
      anthropic.blockStop(1),
      anthropic.blockStart(2, { type: 'tool_use', id: 'call_0', name: 'write', input: {} }), anthropic.blockStart(3, { type: 'tool_use', id: 'call_1', name: 'write', input: {} }),
      ...Array.from({ length: Q }, (_, i) => anthropic.json(2 + (i % 2), i < 2 ? '{"c":"' : 'abcdefghij')),
      anthropic.blockStop(2), anthropic.blockStop(3), anthropic.messageDelta('tool_use'), anthropic.messageStop(),
    ]),
    mapper: () => new AnthropicEventMapper(1 << 26),
  },
  gemini: {
    body: () => sse([
      ...Array.from({ length: Q }, (_, i) => gemini.response([{ text: reasoning(i), thought: true }])),
      ...Array.from({ length: 2 * Q }, (_, i) => gemini.response([{ text: text(i) }])),
      ...Array.from({ length: Q }, (_, i) => gemini.response([{ functionCall: { name: 'write', args: { c: `abcdefghij${i}` } } }])),
      gemini.response([], 'STOP', gemini.usage()),
    ]),
    mapper: () => new GeminiEventMapper(1 << 26),
  },
}

async function decodeAndAssemble(pieces: readonly Uint8Array[], mapper: EventMapper): Promise<number> {
  async function* source(): AsyncGenerator<Uint8Array> { yield* pieces }
  const assembler = new BlockAssembler()
  let count = 0
  for await (const c of decodeSse(source(), 1 << 20, mapper)) {
    assembler.push(c)
    count += 1
  }
  if (assembler.result().finish.kind !== 'tool-calls') throw new Error('bench stream did not finish with tool calls')
  return count
}

const runs = 15
for (const [format, stream] of Object.entries(STREAMS) as [FormatName, (typeof STREAMS)[FormatName]][]) {
  const bytes = new TextEncoder().encode(stream.body())
  const pieces: Uint8Array[] = []
  for (let at = 0; at < bytes.length; at += PIECE) pieces.push(bytes.subarray(at, at + PIECE))
  const times: number[] = []
  for (let i = 0; i < runs + 3; i += 1) {
    const start = performance.now()
    await decodeAndAssemble(pieces, stream.mapper())
    if (i >= 3) times.push(performance.now() - start)
  }
  const mb = bytes.length / 1e6
  const method = `${runs} runs after 3 warm-ups over ${mb.toFixed(1)} MB, ${WIRE_EVENTS} wire events, ${PIECE / 1024} KiB pieces; SSE + ${format} mapper + BlockAssembler`
  recordSamples({ name: `${format}: µs per wire event`, unit: 'µs', method }, times.map((ms) => (ms * 1000) / WIRE_EVENTS))
  recordSamples({ name: `${format}: throughput`, unit: 'MB/s', method, target: { op: '>=', value: 20, unit: 'MB/s', source: 'issue 34' } }, times.map((ms) => mb / (ms / 1000)))
}
