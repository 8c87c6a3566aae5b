/**
 * History → Messages API request: adjacent user messages merged (tool results first in their
 * turn), tool calls as `tool_use` with parsed input, results as `tool_result`, signed thinking
 * blocks (replay state) sent back before the calls they led to, and prompt caching of the stable
 * prefix: `cache_control` on the last tool, the system prompt and the newest message.
 * Plane: shared; pure. Contract: `max_tokens` is always sent (the API requires it).
 * @module llm-anthropic/serialize
 */
import type { ContentBlock, GenerateOptions, Message } from '../llm/types.ts'
import { mergeAdjacentUserMessages, parsedArguments, replayStateOf, textOf } from '../llm-http/history.ts'
import { normalizeToolSchema } from '../llm-http/tool-schema.ts'
import type { AnthropicBlock, AnthropicMessage, AnthropicRequest } from './wire-types.ts'

const EPHEMERAL = { type: 'ephemeral' } as const

function userBlocks(content: readonly ContentBlock[]): AnthropicBlock[] {
  const results: AnthropicBlock[] = []
  const rest: AnthropicBlock[] = []
  for (const block of content) {
    if (block.type === 'tool-result') {
      results.push({ type: 'tool_result', tool_use_id: block.toolCallId, content: textOf(block.content), ...(block.isError ? { is_error: true as const } : {}) })
    } else if (block.type === 'text' && block.text !== '') {
      rest.push({ type: 'text', text: block.text })
    } else if (block.type === 'image') {
      rest.push({ type: 'image', source: { type: 'base64', media_type: block.attachment.mediaType, data: block.attachment.data } })
    }
  }
  return [...results, ...rest]
}

function signedThinking(message: Message, provider: string): AnthropicBlock[] {
  const kept = replayStateOf(message, provider).thinking
  if (!Array.isArray(kept)) return []
  return kept.flatMap((entry): AnthropicBlock[] => {
    const { thinking, signature } = (entry ?? {}) as { thinking?: unknown; signature?: unknown }
    return typeof thinking === 'string' && typeof signature === 'string' ? [{ type: 'thinking', thinking, signature }] : []
  })
}

function assistantBlocks(message: Message, provider: string): AnthropicBlock[] {
  const out = signedThinking(message, provider)
  for (const block of message.content) {
    if (block.type === 'text' && block.text !== '') out.push({ type: 'text', text: block.text })
    else if (block.type === 'tool-call') out.push({ type: 'tool_use', id: block.id, name: block.name, input: parsedArguments(block.arguments) })
  }
  return out
}

export function serializeAnthropicMessages(messages: readonly Message[], provider: string): AnthropicMessage[] {
  const out: AnthropicMessage[] = []
  for (const message of mergeAdjacentUserMessages(messages.map((m) => (m.role === 'system' ? { ...m, role: 'user' as const } : m)))) {
    const content = message.role === 'assistant' ? assistantBlocks(message, provider) : userBlocks(message.content)
    if (content.length) out.push({ role: message.role === 'assistant' ? 'assistant' : 'user', content })
  }
  const last = out.at(-1)?.content.at(-1)
  if (last) last.cache_control = EPHEMERAL
  return out
}

export function buildAnthropicRequest(options: GenerateOptions, settings: { provider: string; maxTokens: number; thinkingBudget?: number }): AnthropicRequest {
  const body: AnthropicRequest = {
    model: options.model,
    max_tokens: options.maxTokens ?? settings.maxTokens,
    messages: serializeAnthropicMessages(options.messages, settings.provider),
    stream: true,
  }
  if (options.system) body.system = [{ type: 'text', text: options.system, cache_control: EPHEMERAL }]
  if (options.tools?.length) {
    body.tools = options.tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: normalizeToolSchema(tool.parameters, 'json-schema') }))
    body.tools.at(-1)!.cache_control = EPHEMERAL
  }
  if (options.temperature !== undefined && settings.thinkingBudget === undefined) body.temperature = options.temperature
  if (options.stop?.length) body.stop_sequences = [...options.stop]
  if (settings.thinkingBudget !== undefined) body.thinking = { type: 'enabled', budget_tokens: settings.thinkingBudget }
  return body
}
