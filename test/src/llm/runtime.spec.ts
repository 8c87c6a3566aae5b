// ctx.llm: reversible adapter registry, prepared calls, and the llm/stream waterfall whose
// terminal next runs the adapter, turning its throws and aborts into one terminal finish.
import { Context } from '@deepseek-ai/cordis'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import LlmRuntime from '../../../src/llm/index.ts'
import { DEFAULT_RETRY_POLICY, LlmError } from '../../../src/llm/errors.ts'
import type { GenerateOptions, LlmAdapter, StreamChunk } from '../../../src/llm/types.ts'

const stop: StreamChunk = { type: 'finish', reason: { kind: 'stop' } }

function adapter(stream: LlmAdapter['stream'], extra: Partial<LlmAdapter> = {}): LlmAdapter {
  return { providerInfo: { id: 'fake', label: 'Fake' }, stream, ...extra }
}

async function* chunks(...list: StreamChunk[]): AsyncGenerator<StreamChunk> {
  yield* list
}

async function drain(stream: AsyncIterable<StreamChunk>): Promise<StreamChunk[]> {
  const out: StreamChunk[] = []
  for await (const chunk of stream) out.push(chunk)
  return out
}

const call = (extra: Partial<GenerateOptions> = {}): GenerateOptions => ({ provider: 'fake', model: 'm1', messages: [], ...extra })

let root: Context
beforeEach(async () => {
  root = new Context()
  await root.plugin(LlmRuntime)
})
afterEach(async () => { await root.fiber.dispose() })

describe('ctx.llm registry', () => {
  it('registers for several providers and removes them when the plugin is disposed', async () => {
    const fiber = await root.plugin({ inject: ['llm'], apply: (ctx: Context) => { ctx.llm.registerAdapter(['a', 'b'], adapter(() => chunks(stop))) } })
    expect(root.llm.listProviders()).toEqual(['a', 'b'])
    await fiber.dispose()
    expect(root.llm.listProviders()).toEqual([])
  })

  it('returns a disposer and refuses a provider that is already served', async () => {
    const dispose = root.llm.registerAdapter(['a'], adapter(() => chunks(stop)))
    expect(() => root.llm.registerAdapter(['a'], adapter(() => chunks(stop)))).toThrow('llm: provider "a" already has an adapter')
    await dispose()
    expect(root.llm.getAdapter('a')).toBeUndefined()
  })

  it('lists models of every adapter once and resolves model info per provider', async () => {
    const models = adapter(() => chunks(stop), {
      listModels: async () => [{ provider: 'fake', model: 'm1', contextWindow: 1000 }],
      resolveModel: (model) => (model === 'm1' ? { provider: 'fake', model, contextWindow: 1000 } : undefined),
    })
    root.llm.registerAdapter(['fake', 'alias'], models)
    expect(await root.llm.listModels()).toEqual([{ provider: 'fake', model: 'm1', contextWindow: 1000 }])
    expect(root.llm.resolveModelInfo('alias', 'm1')).toEqual({ provider: 'fake', model: 'm1', contextWindow: 1000 })
    expect(root.llm.resolveModelInfo('nobody', 'm1')).toBeUndefined()
  })
})

describe('prepareCall', () => {
  it('fails NO_ADAPTER for an unknown provider and ABORTED for an aborted signal', async () => {
    await expect(root.llm.prepareCall({ provider: 'nobody', model: 'x' })).rejects.toMatchObject({ failure: { code: 'NO_ADAPTER', message: 'no adapter for provider "nobody"' } })
    root.llm.registerAdapter(['fake'], adapter(() => chunks(stop)))
    await expect(root.llm.prepareCall({ provider: 'fake', model: 'x' }, AbortSignal.abort())).rejects.toMatchObject({ failure: { code: 'ABORTED' } })
  })

  it('fills adapter defaults, marks them, and streams exactly once with that config', async () => {
    const seen: GenerateOptions[] = []
    root.llm.registerAdapter(['fake'], adapter((o) => { seen.push(o); return chunks(stop) }, {
      callDefaults: () => ({ reasoningEffort: 'high', maxTokens: 100 }),
      resolveModel: (model) => ({ provider: 'fake', model, contextWindow: 64 }),
    }))
    const prepared = await root.llm.prepareCall({ provider: 'fake', model: 'm1', maxTokens: 5 })
    expect(prepared.config).toEqual({ provider: 'fake', model: 'm1', maxTokens: 5, reasoningEffort: 'high' })
    expect(prepared.adapterDefaults).toEqual({ reasoningEffort: true })
    expect(prepared.context).toEqual({ provider: 'fake', model: 'm1', contextWindow: 64 })
    expect(prepared.retryPolicy).toEqual(DEFAULT_RETRY_POLICY)
    expect(() => prepared.stream(call({ maxTokens: 6, reasoningEffort: 'high' }))).toThrow('stream options differ from the prepared config')
    expect(await drain(prepared.stream(call({ maxTokens: 5, reasoningEffort: 'high' })))).toEqual([stop])
    expect(() => prepared.stream(call({ maxTokens: 5, reasoningEffort: 'high' }))).toThrow(LlmError)
    expect(seen).toHaveLength(1)
  })
})

describe('stream through the llm/stream waterfall', () => {
  it('passes every call through listeners (prepended first); a veto throw propagates', async () => {
    root.llm.registerAdapter(['fake'], adapter(() => chunks(stop)))
    const order: string[] = []
    root.on('llm/stream', (options, next) => { order.push(`outer:${options.model}`); return next() })
    root.on('llm/stream', (_options, next) => { order.push('first'); return next() }, { prepend: true })
    expect(await drain(root.llm.stream(call()))).toEqual([stop])
    expect(order).toEqual(['first', 'outer:m1'])
    root.on('llm/stream', () => { throw new Error('invariant: messages differ from the log') }, { prepend: true })
    expect(() => root.llm.stream(call())).toThrow('invariant: messages differ from the log')
  })

  it('turns a missing adapter and adapter throws into a terminal error finish', async () => {
    expect(await drain(root.llm.stream(call({ provider: 'nobody' })))).toEqual([
      { type: 'finish', reason: { kind: 'error', failure: { message: 'no adapter for provider "nobody"', code: 'NO_ADAPTER' } } },
    ])
    root.llm.registerAdapter(['fake'], adapter(async function* () {
      yield { type: 'block-start', index: 0, blockType: 'text' }
      throw new LlmError({ message: 'overloaded', code: 'SERVER', status: 503 })
    }))
    expect(await drain(root.llm.stream(call()))).toEqual([
      { type: 'block-start', index: 0, blockType: 'text' },
      { type: 'finish', reason: { kind: 'error', failure: { message: 'overloaded', code: 'SERVER', status: 503 } } },
    ])
  })

  it('an ABORTED throw or an aborted signal ends with finish aborted, even if the adapter ignores the signal', async () => {
    root.llm.registerAdapter(['fake'], adapter(async function* () {
      yield { type: 'text-delta', index: 0, text: 'x' }
      await new Promise(() => {})
    }))
    const controller = new AbortController()
    const out: StreamChunk[] = []
    for await (const chunk of root.llm.stream(call({ signal: controller.signal }))) {
      out.push(chunk)
      controller.abort()
    }
    expect(out.at(-1)).toEqual({ type: 'finish', reason: { kind: 'aborted', failure: { message: 'request aborted', code: 'ABORTED' } } })
  })

  it('passes nothing after finish and keeps a non-LlmError throw as UNKNOWN with its chain', async () => {
    root.llm.registerAdapter(['fake'], adapter(() => chunks(stop, { type: 'text-delta', index: 0, text: 'late' })))
    expect(await drain(root.llm.stream(call()))).toEqual([stop])
    root.llm.registerAdapter(['other'], adapter(() => { throw new TypeError('boom', { cause: new Error('root cause') }) }))
    expect(await drain(root.llm.stream(call({ provider: 'other' })))).toEqual([
      { type: 'finish', reason: { kind: 'error', failure: { message: 'boom: root cause', code: 'UNKNOWN' } } },
    ])
  })
})
