/**
 * History serialization: our messages, system prompt and tool schemas → the request body.
 * Plane: shared; pure. Contract (DeepSeek wire rules): system prompt first; tool-call-only
 * assistant turns send `content: ""`; in thinking mode `reasoning_content` goes back on
 * tool-call turns only; tool results are `role: tool` with `tool_call_id`; a tool call's
 * provider-specific fields (replay state) go back on it; schemas are normalised for the
 * endpoint's dialect; strict alternation merges adjacent user messages.
 * @module llm-openai-compatible/serialize
 */
import type { GenerateOptions, Message } from '../llm/types.ts'
import { callReplay, mergeAdjacentUserMessages, replayStateOf, textOf } from '../llm-http/history.ts'
import { normalizeToolSchema, type SchemaDialect } from '../llm-http/tool-schema.ts'
import type { WireContentPart, WireMessage, WireRequest, WireToolCall } from './wire-types.ts'

export interface SerializeOptions {
  thinking: boolean
  /** Sends `thinking: {type}` when set. */
  thinkingParam?: boolean
  /** The provider id whose replay state on assistant messages is sent back. */
  provider?: string
  schemaDialect?: SchemaDialect
  strictAlternation?: boolean
}

function userMessages(message: Message): WireMessage[] {
  const out: WireMessage[] = []
  const rest: Message['content'][number][] = []
  for (const block of message.content) {
    if (block.type === 'tool-result') {
      out.push({ role: 'tool', tool_call_id: block.toolCallId, content: textOf(block.content) })
    } else {
      rest.push(block)
    }
  }
  if (rest.some((block) => block.type === 'image')) {
    const parts: WireContentPart[] = rest.flatMap((block): WireContentPart[] => {
      if (block.type === 'text') return [{ type: 'text', text: block.text }]
      if (block.type === 'image') return [{ type: 'image_url', image_url: { url: `data:${block.attachment.mediaType};base64,${block.attachment.data}` } }]
      return []
    })
    out.push({ role: 'user', content: parts })
  } else if (rest.length) {
    out.push({ role: 'user', content: textOf(rest) })
  }
  return out
}

function assistantMessage(message: Message, options: SerializeOptions): WireMessage {
  const replay = options.provider === undefined ? {} : replayStateOf(message, options.provider)
  const calls: WireToolCall[] = message.content.flatMap((block): WireToolCall[] =>
    block.type === 'tool-call' ? [{ ...callReplay(replay, block.id), id: block.id, type: 'function', function: { name: block.name, arguments: block.arguments } }] : [])
  const wire: WireMessage = { role: 'assistant', content: textOf(message.content) }
  if (calls.length) {
    wire.tool_calls = calls
    const reasoning = textOf(message.content, 'reasoning')
    if (options.thinking && reasoning) wire.reasoning_content = reasoning
  }
  return wire
}

/** The wire messages for a history (system prompt first). */
export function serializeMessages(messages: readonly Message[], system: string | undefined, settings: SerializeOptions): WireMessage[] {
  const out: WireMessage[] = system ? [{ role: 'system', content: system }] : []
  for (const message of settings.strictAlternation ? mergeAdjacentUserMessages(messages) : messages) {
    if (message.role === 'system') out.push({ role: 'system', content: textOf(message.content) })
    else if (message.role === 'assistant') out.push(assistantMessage(message, settings))
    else out.push(...userMessages(message))
  }
  return out
}

/** The complete streaming request body for one call. */
export function buildRequest(options: GenerateOptions, settings: SerializeOptions): WireRequest {
  const body: WireRequest = {
    model: options.model,
    messages: serializeMessages(options.messages, options.system, settings),
    stream: true,
    stream_options: { include_usage: true },
  }
  if (options.tools?.length) {
    const dialect = settings.schemaDialect ?? 'json-schema'
    body.tools = options.tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: normalizeToolSchema(tool.parameters, dialect) } }))
  }
  if (options.maxTokens !== undefined) body.max_tokens = options.maxTokens
  if (options.temperature !== undefined) body.temperature = options.temperature
  if (options.stop?.length) body.stop = [...options.stop]
  if (options.reasoningEffort !== undefined) body.reasoning_effort = options.reasoningEffort
  if (settings.thinkingParam !== undefined) body.thinking = { type: settings.thinkingParam ? 'enabled' : 'disabled' }
  return body
}
