// The same recorded stream gives identical chunks however its bytes are split (S1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeSseStream } from '../../../src/llm-openai-compatible/stream-decoder.ts'
import type { StreamChunk } from '../../../src/llm/types.ts'
import { MockProvider } from '../../mock-provider/server.ts'
import { recordedStream } from '../../mock-provider/wire.ts'
import { adapterFor, collect, request } from './helpers.ts'

const bytes = new TextEncoder().encode(recordedStream())
const limits = { maxLineLength: 1 << 20, maxResponseChars: 1 << 20 }

async function* pieces(cuts: number[]): AsyncGenerator<Uint8Array> {
  let start = 0
  for (const cut of [...cuts, bytes.length]) {
    yield bytes.slice(start, cut)
    start = cut
  }
}

async function decode(cuts: number[]): Promise<StreamChunk[]> {
  const out: StreamChunk[] = []
  for await (const c of decodeSseStream(pieces(cuts), limits)) out.push(c)
  return out
}

/** Tool-call ids are the provider's, so chunks compare exactly. */
let reference: StreamChunk[]

let mock: MockProvider
beforeAll(async () => {
  mock = await MockProvider.start()
  reference = await decode([])
})
afterAll(async () => { await mock.close() })

describe('chunk-boundary independence', () => {
  it('the recorded stream holds a BOM, CRLF, CR-only, a keep-alive and multi-byte UTF-8', () => {
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(text).toContain('\r\n\r\n')
    expect(text).toMatch(/\r\r(?!\n)/)
    expect(text).toContain(': keep-alive')
    expect(bytes.length).toBeGreaterThan(text.length)
    expect(reference.at(-1)).toEqual({ type: 'finish', reason: { kind: 'tool-calls' } })
  })

  it('every single split offset decodes identically (decoder over byte pieces)', async () => {
    for (let offset = 1; offset < bytes.length; offset += 1) {
      expect(await decode([offset]), `split at ${offset}`).toEqual(reference)
    }
  })

  it('10,000 random multi-splits decode identically', async () => {
    let seed = 42
    const random = (): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    for (let run = 0; run < 10_000; run += 1) {
      const cuts = Array.from({ length: 1 + Math.floor(random() * 12) }, () => 1 + Math.floor(random() * (bytes.length - 1)))
      const sorted = [...new Set(cuts)].sort((a, b) => a - b)
      expect(await decode(sorted), `cuts ${sorted.join(',')}`).toEqual(reference)
    }
  })

  it('every split offset over real HTTP gives the same chunks from the adapter', async () => {
    const adapter = adapterFor(mock.baseURL)
    for (let offset = 1; offset < bytes.length; offset += 1) {
      mock.enqueue({ steps: [{ write: bytes.slice(0, offset) }, { delayMs: 1 }, { write: bytes.slice(offset) }] })
      const { chunks, error } = await collect(adapter.stream(request()))
      expect(error, `split at ${offset}`).toBeUndefined()
      expect(chunks, `split at ${offset}`).toEqual(reference)
    }
  }, 60_000)
})
