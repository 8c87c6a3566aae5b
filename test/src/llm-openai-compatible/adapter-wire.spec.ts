// The adapter maps DeepSeek's streamed wire format onto StreamChunks over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BlockAssembler } from '../../../src/llm/block-assembler.ts'
import { checkChunkSequence } from '../../../src/llm/invariant.ts'
import type { StreamChunk } from '../../../src/llm/types.ts'
import { MockProvider } from '../../mock-provider/server.ts'
import { chunk, recordedStream, sse, textStream, usage } from '../../mock-provider/wire.ts'
import { adapterFor, API_KEY, collect, request } from './helpers.ts'

let mock: MockProvider
beforeAll(async () => { mock = await MockProvider.start() })
afterAll(async () => { await mock.close() })

function assemble(chunks: StreamChunk[]) {
  const assembler = new BlockAssembler()
  for (const c of chunks) assembler.push(c)
  return assembler.result()
}

describe('openai-compatible adapter: wire mapping', () => {
  it('streams text as one block with usage (cached input disjoint) before finish', async () => {
    mock.enqueue({ body: textStream(['Hel', 'lo ', 'world']) })
    const { chunks, error } = await collect(adapterFor(mock.baseURL).stream(request()))
    expect(error).toBeUndefined()
    expect(checkChunkSequence(chunks)).toEqual([])
    expect(chunks.filter((c) => c.type === 'text-delta').map((c) => (c as { text: string }).text)).toEqual(['Hel', 'lo ', 'world'])
    expect(chunks.slice(-2)).toEqual([
      { type: 'usage', usage: { inputTokens: 8, outputTokens: 5, cacheReadTokens: 4 } },
      { type: 'finish', reason: { kind: 'stop' } },
    ])
    expect(assemble(chunks).content).toEqual([{ type: 'text', text: 'Hello world' }])
  })

  it('sends POST /chat/completions with stream, include_usage and a Bearer key', async () => {
    mock.enqueue({ body: textStream(['ok']) })
    await collect(adapterFor(`${mock.baseURL}/`).stream(request({ maxTokens: 99, temperature: 0.2, stop: ['END'] })))
    const sent = mock.requests.at(-1)!
    expect(sent.method).toBe('POST')
    expect(sent.url).toBe('/chat/completions')
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`)
    expect(JSON.parse(sent.body)).toMatchObject({
      model: 'deepseek-chat', stream: true, stream_options: { include_usage: true }, max_tokens: 99, temperature: 0.2, stop: ['END'],
    })
  })

  it('opens no block for the empty first reasoning delta, then reasoning then text', async () => {
    mock.enqueue({ body: sse([
      chunk({ role: 'assistant', content: null as unknown as string, reasoning_content: '' }),
      chunk({ reasoning_content: 'think' }), chunk({ reasoning_content: 'ing' }),
      chunk({ content: 'answer' }), chunk({}, 'stop', usage(10, 8, 0, 3)), '[DONE]',
    ]) })
    const { chunks } = await collect(adapterFor(mock.baseURL, { model: 'deepseek-reasoner' }).stream(request({ model: 'deepseek-reasoner' })))
    expect(checkChunkSequence(chunks)).toEqual([])
    expect(chunks.filter((c) => c.type === 'block-start')).toEqual([
      { type: 'block-start', index: 0, blockType: 'reasoning' },
      { type: 'block-start', index: 1, blockType: 'text' },
    ])
    expect(assemble(chunks)).toEqual({
      content: [{ type: 'reasoning', text: 'thinking' }, { type: 'text', text: 'answer' }],
      finish: { kind: 'stop' },
      usage: { inputTokens: 10, outputTokens: 8, cacheReadTokens: 0, reasoningTokens: 3 },
    })
  })

  it('assembles two parallel tool calls from interleaved fragments keyed by index', async () => {
    mock.enqueue({ body: recordedStream() })
    const { chunks, error } = await collect(adapterFor(mock.baseURL).stream(request()))
    expect(error).toBeUndefined()
    expect(checkChunkSequence(chunks)).toEqual([])
    const result = assemble(chunks)
    expect(result.finish).toEqual({ kind: 'tool-calls' })
    expect(result.content).toEqual([
      { type: 'reasoning', text: '先读文件，then list — ok 🚀' },
      { type: 'text', text: 'Let me look: naïve café ✓' },
      { type: 'tool-call', id: 'call_a', name: 'read', arguments: '{"file_path":"说明.md"}' },
      { type: 'tool-call', id: 'call_b', name: 'glob', arguments: '{"pattern":"*.md"}' },
    ])
    expect(result.usage).toEqual({ inputTokens: 260, outputTokens: 120, cacheReadTokens: 640, reasoningTokens: 40 })
  })

  it('takes usage from a trailing usage-only chunk after the finish chunk', async () => {
    mock.enqueue({ body: textStream(['a', 'b'], { trailingUsage: true, usage: usage(30, 2, 10) }) })
    const { chunks } = await collect(adapterFor(mock.baseURL).stream(request()))
    expect(chunks.slice(-2)).toEqual([
      { type: 'usage', usage: { inputTokens: 20, outputTokens: 2, cacheReadTokens: 10 } },
      { type: 'finish', reason: { kind: 'stop' } },
    ])
  })

  it('finish_reason length inside a tool call drops the call (no block-end, assembler drops it)', async () => {
    mock.enqueue({ body: sse([
      chunk({ content: 'Writing' }),
      chunk({ tool_calls: [{ index: 0, id: 'call_x', type: 'function', function: { name: 'write', arguments: '{"content":"abc' } }] }),
      chunk({}, 'length', usage(5, 50)), '[DONE]',
    ]) })
    const { chunks } = await collect(adapterFor(mock.baseURL).stream(request()))
    expect(checkChunkSequence(chunks).filter((p) => !p.includes('block'))).toEqual([])
    expect(chunks.some((c) => c.type === 'block-end' && c.block.type === 'tool-call')).toBe(false)
    const result = assemble(chunks)
    expect(result.finish).toEqual({ kind: 'max-tokens' })
    expect(result.content).toEqual([{ type: 'text', text: 'Writing' }])
  })

  it('a stop with only reasoning is a retryable EMPTY_RESPONSE, usage still reported', async () => {
    mock.enqueue({ body: sse([chunk({ reasoning_content: 'hmm' }), chunk({}, 'stop', usage(4, 4)), '[DONE]']) })
    const { chunks } = await collect(adapterFor(mock.baseURL).stream(request()))
    expect(chunks.at(-2)?.type).toBe('usage')
    expect(chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'error', failure: { message: 'the model returned no text and no tool call', code: 'EMPTY_RESPONSE' } } })
  })

  it('a clean close after finish_reason without [DONE] is complete, not truncated', async () => {
    mock.enqueue({ body: sse([chunk({ content: 'done' }), chunk({}, 'stop', usage(1, 1))]) })
    const { chunks, error } = await collect(adapterFor(mock.baseURL).stream(request()))
    expect(error).toBeUndefined()
    expect(chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'stop' } })
  })
})
