/**
 * Test-only stream bodies of the Responses, Anthropic Messages and Gemini wire formats, shaped
 * like each provider's documented streaming examples: reasoning, text, two parallel tool calls
 * (arguments in fragments where the format fragments them), usage, in-stream errors. Every
 * `documented` stream carries the same content, so one expectation covers all formats.
 * @module test/mock-provider/formats
 */
import { chunk, recordedStream, sse, usage } from './wire.ts'

export type FormatName = 'openai-compatible' | 'openai-responses' | 'anthropic' | 'gemini'

/** The content every `documented` stream carries (Gemini's calls come without ids). */
export const DOCUMENTED_BLOCKS = [
  { type: 'reasoning', text: '先读文件，then list — ok 🚀' },
  { type: 'text', text: 'Let me look: naïve café ✓' },
  { type: 'tool-call', id: 'call_a', name: 'read', arguments: '{"file_path":"说明.md"}' },
  { type: 'tool-call', id: 'call_b', name: 'glob', arguments: '{"pattern":"*.md"}' },
]

/** Named SSE events (`event: <type>` then `data:`), as Responses and Anthropic send them. */
export function namedEvents(events: { type: string; [key: string]: unknown }[], eol = '\n'): string {
  return events.map((event) => `event: ${event.type}${eol}data: ${JSON.stringify(event)}${eol}${eol}`).join('')
}

export const responses = {
  created: () => ({ type: 'response.created', response: { id: 'resp_1', object: 'response', status: 'in_progress', output: [] } }),
  text: (delta: string, outputIndex = 0) => ({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: outputIndex, content_index: 0, delta }),
  reasoning: (delta: string) => ({ type: 'response.reasoning_summary_text.delta', item_id: 'rs_1', output_index: 0, summary_index: 0, delta }),
  callAdded: (outputIndex: number, callId: string, name: string) => ({ type: 'response.output_item.added', output_index: outputIndex, item: { type: 'function_call', id: `fc_${callId}`, call_id: callId, name, arguments: '', status: 'in_progress' } }),
  args: (outputIndex: number, delta: string) => ({ type: 'response.function_call_arguments.delta', item_id: `fc_${outputIndex}`, output_index: outputIndex, delta }),
  reasoningItem: (encrypted: string) => ({ type: 'response.output_item.done', output_index: 0, item: { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'think' }], encrypted_content: encrypted } }),
  completed: (input = 20, cached = 8, output = 9, reasoning = 3) => ({
    type: 'response.completed',
    response: { id: 'resp_1', status: 'completed', usage: { input_tokens: input, input_tokens_details: { cached_tokens: cached }, output_tokens: output, output_tokens_details: { reasoning_tokens: reasoning }, total_tokens: input + output } },
  }),
  incomplete: () => ({ type: 'response.incomplete', response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, usage: { input_tokens: 5, output_tokens: 7 } } }),
  error: (code: string, message: string) => ({ type: 'error', code, message, param: null, sequence_number: 3 }),
  failed: (code: string, message: string) => ({ type: 'response.failed', response: { status: 'failed', error: { code, message } } }),
}

export const anthropic = {
  messageStart: (input = 20, cacheRead = 8, cacheWrite = 4) => ({ type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], model: 'claude-sonnet-4-5', stop_reason: null, usage: { input_tokens: input, cache_read_input_tokens: cacheRead, cache_creation_input_tokens: cacheWrite, output_tokens: 1 } } }),
  blockStart: (index: number, block: object) => ({ type: 'content_block_start', index, content_block: block }),
  text: (index: number, text: string) => ({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } }),
  thinking: (index: number, thinking: string) => ({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking } }),
  signature: (index: number, signature: string) => ({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature } }),
  json: (index: number, partial: string) => ({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: partial } }),
  blockStop: (index: number) => ({ type: 'content_block_stop', index }),
  messageDelta: (stopReason: string, output = 9) => ({ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: output } }),
  messageStop: () => ({ type: 'message_stop' }),
  ping: () => ({ type: 'ping' }),
  error: (type: string, message: string) => ({ type: 'error', error: { type, message } }),
}

export const gemini = {
  response: (parts: object[], finishReason?: string, usageMetadata?: object) => ({
    candidates: [{ content: { parts, role: 'model' }, ...(finishReason ? { finishReason } : {}), index: 0 }],
    ...(usageMetadata ? { usageMetadata } : {}),
    modelVersion: 'gemini-2.5-flash', responseId: 'r1',
  }),
  usage: (prompt = 28, cached = 8, candidates = 6, thoughts = 3) => ({ promptTokenCount: prompt, cachedContentTokenCount: cached, candidatesTokenCount: candidates, thoughtsTokenCount: thoughts, totalTokenCount: prompt + candidates + thoughts }),
  error: (code: number, status: string, message: string, details?: object[]) => ({ error: { code, message, status, ...(details ? { details } : {}) } }),
}

/** Per format: the documented stream carrying DOCUMENTED_BLOCKS, with the usage it maps to. */
export const DOCUMENTED: Record<FormatName, { body: () => string; usage: object }> = {
  'openai-compatible': { body: recordedStream, usage: { inputTokens: 260, outputTokens: 120, cacheReadTokens: 640, reasoningTokens: 40 } },
  'openai-responses': {
    body: () => namedEvents([
      responses.created(),
      { type: 'response.output_item.added', output_index: 0, item: { type: 'reasoning', id: 'rs_1', summary: [] } },
      responses.reasoning('先读文件，'), responses.reasoning('then list — ok 🚀'),
      { type: 'response.output_item.added', output_index: 1, item: { type: 'message', id: 'msg_1', role: 'assistant', content: [] } },
      responses.text('Let me look: ', 1), responses.text('naïve café ✓', 1),
      responses.callAdded(2, 'call_a', 'read'), responses.callAdded(3, 'call_b', 'glob'),
      responses.args(2, '{"file_path":'), responses.args(3, '{"pat'), responses.args(2, '"说明.md"}'), responses.args(3, 'tern":"*.md"}'),
      { type: 'response.function_call_arguments.done', output_index: 2, arguments: '{"file_path":"说明.md"}' },
      responses.completed(),
    ]),
    usage: { inputTokens: 12, outputTokens: 9, cacheReadTokens: 8, reasoningTokens: 3 },
  },
  anthropic: {
    body: () => namedEvents([
      anthropic.messageStart(),
      anthropic.blockStart(0, { type: 'thinking', thinking: '' }),
      anthropic.thinking(0, '先读文件，'), anthropic.thinking(0, 'then list — ok 🚀'), anthropic.signature(0, 'sig-abc'),
      anthropic.blockStop(0),
      anthropic.blockStart(1, { type: 'text', text: '' }), anthropic.ping(),
      anthropic.text(1, 'Let me look: '), anthropic.text(1, 'naïve café ✓'), anthropic.blockStop(1),
      anthropic.blockStart(2, { type: 'tool_use', id: 'call_a', name: 'read', input: {} }),
      anthropic.json(2, ''), anthropic.json(2, '{"file_path":'), anthropic.json(2, '"说明.md"}'), anthropic.blockStop(2),
      anthropic.blockStart(3, { type: 'tool_use', id: 'call_b', name: 'glob', input: {} }),
      anthropic.json(3, '{"pat'), anthropic.json(3, 'tern":"*.md"}'), anthropic.blockStop(3),
      anthropic.messageDelta('tool_use'), anthropic.messageStop(),
    ]),
    usage: { inputTokens: 20, outputTokens: 9, cacheReadTokens: 8, cacheWriteTokens: 4 },
  },
  gemini: {
    body: () => sse([
      gemini.response([{ text: '先读文件，', thought: true }]),
      gemini.response([{ text: 'then list — ok 🚀', thought: true }]),
      gemini.response([{ text: 'Let me look: ' }]),
      gemini.response([{ text: 'naïve café ✓' }]),
      gemini.response([{ functionCall: { name: 'read', args: { file_path: '说明.md' } }, thoughtSignature: 'sig-read' }]),
      gemini.response([{ functionCall: { name: 'glob', args: { pattern: '*.md' } } }], 'STOP', gemini.usage()),
    ], '\r\n'),
    usage: { inputTokens: 20, outputTokens: 9, cacheReadTokens: 8, reasoningTokens: 3 },
  },
}

/** A chat-completions stream whose first chunk is an in-stream error object. */
export function chatError(error: object): string {
  return sse([chunk({ role: 'assistant', content: '' }), { error }])
}

export { chunk, sse, usage }
