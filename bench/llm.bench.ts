/**
 * Model-seam cost: SSE parsing + wire mapping + block assembly of a synthetic DeepSeek stream
 * (reasoning, text, two tool calls) fed in 16 KiB network pieces, and the SSE parser alone.
 * Reports µs per wire chunk and MB/s of stream input (issue 4: ≤ 10 µs/chunk, ≥ 20 MB/s).
 * Plane: Node (npm run bench); measures, never asserts.
 * @module bench/llm
 */
import { decodeSseStream } from '../src/llm-openai-compatible/stream-decoder.ts'
import { SseParser } from '../src/llm-http/sse-parser.ts'
import { BlockAssembler } from '../src/llm/block-assembler.ts'
import { chunk, sse, usage } from '../test/mock-provider/wire.ts'
import { recordSamples } from './harness.ts'

const WIRE_CHUNKS = 20_000
const PIECE = 16 * 1024

function syntheticStream(): Uint8Array {
  const payloads: object[] = []
  for (let i = 0; i < WIRE_CHUNKS / 4; i += 1) payloads.push(chunk({ reasoning_content: `step ${i}: 先想一想 then ` }))
  for (let i = 0; i < WIRE_CHUNKS / 2; i += 1) payloads.push(chunk({ content: `word${i} and some more text ` }))
  for (let i = 0; i < WIRE_CHUNKS / 4; i += 1) {
    payloads.push(chunk({ tool_calls: [{ index: i % 2, ...(i < 2 ? { id: `call_${i}`, type: 'function', function: { name: 'write', arguments: '{"c":"' } } : { function: { arguments: 'abcdefghij' } }) }] }))
  }
  payloads.push(chunk({}, 'tool_calls', usage(1000, 5000, 200)))
  return new TextEncoder().encode(sse([...payloads, '[DONE]']))
}

const bytes = syntheticStream()
const pieces: Uint8Array[] = []
for (let at = 0; at < bytes.length; at += PIECE) pieces.push(bytes.subarray(at, at + PIECE))

async function* source(): AsyncGenerator<Uint8Array> {
  yield* pieces
}

async function decodeAndAssemble(): Promise<number> {
  const assembler = new BlockAssembler()
  let count = 0
  for await (const c of decodeSseStream(source(), { maxLineLength: 1 << 20, maxResponseChars: 1 << 26 })) {
    assembler.push(c)
    count += 1
  }
  if (assembler.result().content.length !== 4) throw new Error('bench stream did not assemble into 4 blocks')
  return count
}

function parseOnly(): number {
  const parser = new SseParser()
  let events = 0
  for (const piece of pieces) events += parser.push(piece).length
  return events + parser.end().length
}

const runs = 15
const full: number[] = []
const parse: number[] = []
for (let i = 0; i < runs + 3; i += 1) {
  let start = performance.now()
  await decodeAndAssemble()
  const fullMs = performance.now() - start
  start = performance.now()
  parseOnly()
  const parseMs = performance.now() - start
  if (i >= 3) {
    full.push(fullMs)
    parse.push(parseMs)
  }
}

const mb = bytes.length / 1e6
const method = `${runs} runs after 3 warm-ups over ${mb.toFixed(1)} MB, ${WIRE_CHUNKS} wire chunks, ${PIECE / 1024} KiB pieces`
recordSamples({ name: 'sse+map+assemble: µs per wire chunk', unit: 'µs', method, target: { op: '<=', value: 10, unit: 'µs', source: 'issue 4' } }, full.map((ms) => (ms * 1000) / WIRE_CHUNKS))
recordSamples({ name: 'sse+map+assemble: throughput', unit: 'MB/s', method, target: { op: '>=', value: 20, unit: 'MB/s', source: 'issue 4' } }, full.map((ms) => mb / (ms / 1000)))
recordSamples({ name: 'sse parser alone: throughput', unit: 'MB/s', method }, parse.map((ms) => mb / (ms / 1000)))
