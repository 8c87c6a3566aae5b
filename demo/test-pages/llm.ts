/**
 * Test-only page: exposes the real `openai-compatible` adapter on `window.dshLlm` so browser
 * specs can stream from the local mock provider with real fetch streaming and real CORS.
 * Plane: main (test page); no UI.
 * @module demo/test-pages/llm
 */
import { createOpenAiCompatibleAdapter, type OpenAiCompatibleSettings } from '../../src/llm-openai-compatible/adapter.ts'
import { LlmError } from '../../src/llm/errors.ts'
import { createUserMessage } from '../../src/llm/messages.ts'
import type { LlmFailure, StreamChunk } from '../../src/llm/types.ts'

export interface RunResult {
  chunks: StreamChunk[]
  failure?: LlmFailure
  /** `String(thrown)` for anything that is not an LlmError. */
  thrown?: string
}

const defaults = { provider: 'openai-compatible', apiKey: '', model: 'deepseek-chat', firstByteTimeoutMs: 5_000, stallTimeoutMs: 5_000, models: [], maxLineLength: 1 << 20, maxResponseChars: 1 << 22 }

async function run(settings: Partial<OpenAiCompatibleSettings> & { baseURL: string }, abortAfterDelta = false): Promise<RunResult> {
  const adapter = createOpenAiCompatibleAdapter({ ...defaults, ...settings })
  const controller = new AbortController()
  const chunks: StreamChunk[] = []
  try {
    const stream = adapter.stream({ provider: 'openai-compatible', model: settings.model ?? 'deepseek-chat', messages: [createUserMessage('hi')], signal: controller.signal })
    for await (const chunk of stream) {
      chunks.push(chunk)
      if (abortAfterDelta && chunk.type === 'text-delta') controller.abort()
    }
    return { chunks }
  } catch (error) {
    return error instanceof LlmError ? { chunks, failure: error.failure } : { chunks, thrown: String(error) }
  }
}

/** Runs `count` streams; returns the first result and the runs whose chunks differ from it. */
async function runMany(settings: Partial<OpenAiCompatibleSettings> & { baseURL: string }, count: number): Promise<{ first: RunResult; mismatches: number[] }> {
  const first = await run(settings)
  const reference = JSON.stringify(first)
  const mismatches: number[] = []
  for (let i = 1; i < count; i += 1) {
    if (JSON.stringify(await run(settings)) !== reference) mismatches.push(i)
  }
  return { first, mismatches }
}

Object.assign(window, { dshLlm: { run, runMany } })
document.body.dataset.ready = ''
