// The scripted provider streams real-adapter chunk shapes from scripted replies, records
// every request, and fails clearly when its replies run out.
import { Context } from '@deepseek-ai/cordis'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import LlmRuntime from '../../../src/llm/index.ts'
import { BlockAssembler } from '../../../src/llm/block-assembler.ts'
import { checkChunkSequence } from '../../../src/llm/invariant.ts'
import { createUserMessage } from '../../../src/llm/messages.ts'
import type { GenerateOptions, StreamChunk } from '../../../src/llm/types.ts'
import * as scripted from '../../../src/llm-scripted/index.ts'
import type { ScriptedReply } from '../../../src/llm-scripted/index.ts'

let root: Context
beforeEach(async () => {
  root = new Context()
  await root.plugin(LlmRuntime)
})
afterEach(async () => { await root.fiber.dispose() })

const call = (text: string, extra: Partial<GenerateOptions> = {}): GenerateOptions => ({ provider: 'scripted', model: 'scripted-model', messages: [createUserMessage(text)], ...extra })

async function drain(stream: AsyncIterable<StreamChunk>): Promise<StreamChunk[]> {
  const out: StreamChunk[] = []
  for await (const chunk of stream) out.push(chunk)
  return out
}

async function withReplies(...replies: ScriptedReply[]) {
  await root.plugin(scripted, { replies })
  return scripted.scriptedAdapter(root)
}

function assemble(chunks: StreamChunk[]) {
  const assembler = new BlockAssembler()
  chunks.forEach((chunk) => assembler.push(chunk))
  return assembler.result()
}

describe('scripted provider', () => {
  it('streams reasoning and text in several deltas, estimated usage, then stop', async () => {
    await withReplies({ reasoning: 'Let me think.', text: 'Hello there, friend!' })
    const chunks = await drain(root.llm.stream(call('hi')))
    expect(checkChunkSequence(chunks)).toEqual([])
    expect(chunks.filter((c) => c.type === 'text-delta').length).toBeGreaterThan(1)
    expect(assemble(chunks)).toEqual({
      content: [{ type: 'reasoning', text: 'Let me think.' }, { type: 'text', text: 'Hello there, friend!' }],
      finish: { kind: 'stop' },
      usage: { inputTokens: expect.any(Number), outputTokens: 4 + 5 },
    })
  })

  it('streams tool calls with JSON-encoded object arguments and finishes tool-calls', async () => {
    await withReplies({ toolCalls: [{ name: 'read', arguments: { file_path: 'a.md' } }, { name: 'bash', arguments: '{"command":"ls"}', id: 'mine' }], usage: { inputTokens: 3, outputTokens: 4 } })
    const chunks = await drain(root.llm.stream(call('go')))
    expect(checkChunkSequence(chunks)).toEqual([])
    expect(assemble(chunks)).toEqual({
      content: [
        { type: 'tool-call', id: 'call_0_0', name: 'read', arguments: '{"file_path":"a.md"}' },
        { type: 'tool-call', id: 'mine', name: 'bash', arguments: '{"command":"ls"}' },
      ],
      finish: { kind: 'tool-calls' },
      usage: { inputTokens: 3, outputTokens: 4 },
    })
  })

  it('records every request without its signal; function replies see the request', async () => {
    const adapter = await withReplies((request, index) => ({ text: `echo ${index}: ${(request.messages[0]!.content[0] as { text: string }).text}` }))
    const chunks = await drain(root.llm.stream(call('ping', { signal: new AbortController().signal, system: 'sys' })))
    expect(assemble(chunks).content).toEqual([{ type: 'text', text: 'echo 0: ping' }])
    expect(adapter.requests).toHaveLength(1)
    expect(adapter.requests[0]).toMatchObject({ provider: 'scripted', system: 'sys' })
    expect(adapter.requests[0]).not.toHaveProperty('signal')
  })

  it('error replies finish with a named failure; status maps to a code; retryAfterMs is carried', async () => {
    await withReplies({ error: { status: 429, message: 'slow down', retryAfterMs: 1500 } }, { error: { code: 'SERVER', message: 'boom' } })
    expect((await drain(root.llm.stream(call('a')))).at(-1)).toEqual({ type: 'finish', reason: { kind: 'error', failure: { message: 'slow down', code: 'RATE_LIMIT', status: 429, providerRetryAfterMs: 1500 } } })
    expect((await drain(root.llm.stream(call('b')))).at(-1)).toEqual({ type: 'finish', reason: { kind: 'error', failure: { message: 'boom', code: 'SERVER' } } })
  })

  it('max-tokens leaves tool calls unended so they are dropped; an empty stop is EMPTY_RESPONSE', async () => {
    await withReplies({ text: 'cut', toolCalls: [{ name: 'write', arguments: '{"x":' }], finish: 'max-tokens' }, {})
    const cut = await drain(root.llm.stream(call('a')))
    expect(assemble(cut)).toMatchObject({ content: [{ type: 'text', text: 'cut' }], finish: { kind: 'max-tokens' } })
    expect((await drain(root.llm.stream(call('b')))).at(-1)).toMatchObject({ reason: { kind: 'error', failure: { code: 'EMPTY_RESPONSE' } } })
  })

  it('a hang streams a little, then ends aborted when the signal fires', async () => {
    await withReplies({ hang: true })
    const controller = new AbortController()
    const chunks: StreamChunk[] = []
    for await (const chunk of root.llm.stream(call('wait', { signal: controller.signal }))) {
      chunks.push(chunk)
      if (chunks.length === 3) setTimeout(() => controller.abort(), 10)
    }
    expect(chunks[0]).toEqual({ type: 'block-start', index: 0, blockType: 'text' })
    expect(chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'aborted', failure: { message: 'request aborted', code: 'ABORTED' } } })
  })

  it('fails clearly once the replies run out', async () => {
    const adapter = await withReplies({ text: 'only one' })
    await drain(root.llm.stream(call('1')))
    expect(adapter.remaining).toBe(0)
    expect(await drain(root.llm.stream(call('2')))).toEqual([
      { type: 'finish', reason: { kind: 'error', failure: { message: 'scripted model has no reply left', code: 'UNKNOWN' } } },
    ])
    adapter.enqueue({ text: 'more' })
    expect(assemble(await drain(root.llm.stream(call('3')))).content).toEqual([{ type: 'text', text: 'more' }])
  })

  it('paces chunks with delayMs and unregisters on dispose', async () => {
    const fiber = await root.plugin(scripted, { replies: [{ text: 'slow reply', delayMs: 15 }] })
    const started = performance.now()
    await drain(root.llm.stream(call('x')))
    expect(performance.now() - started).toBeGreaterThanOrEqual(15 * 5)
    await fiber.dispose()
    expect(root.llm.listProviders()).toEqual([])
    expect(() => scripted.scriptedAdapter(root)).toThrow('llm-scripted: provider "scripted" is not a scripted adapter')
  })

  it('rejects a bad config with a named issue', async () => {
    await expect(root.plugin(scripted, { replies: [42] } as never)).rejects.toThrow('llm-scripted: "replies[0]" must be an object or a function')
  })
})
