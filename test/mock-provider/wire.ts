/**
 * Test-only builders of DeepSeek stream bodies: wire chunks, SSE framing and a recorded
 * stream covering reasoning, text, two parallel tool calls, usage and `[DONE]`.
 * @module test/mock-provider/wire
 */

export type WireDelta = { content?: string; reasoning_content?: string; tool_calls?: unknown[]; role?: string }

let counter = 0

/** One `chat.completion.chunk` with a single choice (or none when `delta` is null). */
export function chunk(delta: WireDelta | null, finishReason: string | null = null, usage?: object): object {
  counter += 1
  const base: Record<string, unknown> = { id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 1_700_000_000 + counter, model: 'deepseek-chat' }
  base.choices = delta === null ? [] : [{ index: 0, delta, logprobs: null, finish_reason: finishReason }]
  if (usage) base.usage = usage
  return base
}

/** DeepSeek usage: `prompt_tokens` includes the cache hits. */
export function usage(prompt: number, completion: number, hit = 0, reasoning?: number): object {
  const value: Record<string, unknown> = {
    prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion,
    prompt_cache_hit_tokens: hit, prompt_cache_miss_tokens: prompt - hit,
  }
  if (reasoning !== undefined) value.completion_tokens_details = { reasoning_tokens: reasoning }
  return value
}

/** SSE framing of data payloads (objects are JSON-encoded) with the given line ending. */
export function sse(payloads: (object | string)[], eol = '\n'): string {
  return payloads.map((payload) => `data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}${eol}${eol}`).join('')
}

/** A plain text answer: role chunk, text pieces, stop with usage on the finish chunk, [DONE]. */
export function textStream(pieces: string[], options: { usage?: object; trailingUsage?: boolean } = {}): string {
  const u = options.usage ?? usage(12, 5, 4)
  return sse([
    chunk({ role: 'assistant', content: '' }),
    ...pieces.map((piece) => chunk({ content: piece })),
    options.trailingUsage ? chunk({}, 'stop') : chunk({}, 'stop', u),
    ...(options.trailingUsage ? [chunk(null, null, u)] : []),
    '[DONE]',
  ])
}

/** The recorded stream of S1: thinking, text, two parallel tool calls with fragmented args. */
export function recordedStream(): string {
  const head = sse([
    chunk({ role: 'assistant', content: null as unknown as string, reasoning_content: '' }),
    chunk({ reasoning_content: '先读文件，' }),
    chunk({ reasoning_content: 'then list — ok 🚀' }),
  ])
  const crlf = sse([chunk({ content: 'Let me look: ' }), chunk({ content: 'naïve café ✓' })], '\r\n')
  const cr = sse([
    chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'read', arguments: '' } }] }),
    chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'glob', arguments: '{"pat' } }] }),
  ], '\r')
  const tail = `: keep-alive\n\n${sse([
    chunk({ tool_calls: [{ index: 0, function: { arguments: '{"file_path":' } }] }),
    chunk({ tool_calls: [{ index: 1, function: { arguments: 'tern":"*.md"}' } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '"说明.md"}' } }] }),
    chunk({}, 'tool_calls'),
    chunk(null, null, usage(900, 120, 640, 40)),
    '[DONE]',
  ])}`
  return `\uFEFF${head}${crlf}${cr}${tail}`
}
