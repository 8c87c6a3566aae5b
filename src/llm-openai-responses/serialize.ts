/**
 * History → Responses API input items, stateless (`store: false`, the full input each request):
 * messages as role items, tool calls as `function_call`, results as `function_call_output`,
 * encrypted reasoning items (replay state) sent back before the calls they led to.
 * Plane: shared; pure. Contract: the system prompt goes in `instructions`.
 * @module llm-openai-responses/serialize
 */
import type { GenerateOptions, Message } from '../llm/types.ts'
import type { JsonValue } from '../util/json.ts'
import { replayStateOf, textOf } from '../llm-http/history.ts'
import { normalizeToolSchema } from '../llm-http/tool-schema.ts'
import type { ResponsesContentPart, ResponsesInputItem, ResponsesRequest } from './wire-types.ts'

function userItems(message: Message): ResponsesInputItem[] {
  const out: ResponsesInputItem[] = []
  const parts: ResponsesContentPart[] = []
  for (const block of message.content) {
    if (block.type === 'tool-result') out.push({ type: 'function_call_output', call_id: block.toolCallId, output: textOf(block.content) })
    else if (block.type === 'text') parts.push({ type: 'input_text', text: block.text })
    else if (block.type === 'image') parts.push({ type: 'input_image', image_url: `data:${block.attachment.mediaType};base64,${block.attachment.data}` })
  }
  if (parts.length) out.push({ role: message.role === 'system' ? 'system' : 'user', content: parts })
  return out
}

function assistantItems(message: Message, provider: string): ResponsesInputItem[] {
  const reasoning = replayStateOf(message, provider).reasoning
  const out: ResponsesInputItem[] = Array.isArray(reasoning) ? reasoning.filter((item): item is { [key: string]: JsonValue } => typeof item === 'object' && item !== null && !Array.isArray(item)) : []
  const text = textOf(message.content)
  if (text) out.push({ role: 'assistant', content: [{ type: 'output_text', text }] })
  for (const block of message.content) {
    if (block.type === 'tool-call') out.push({ type: 'function_call', call_id: block.id, name: block.name, arguments: block.arguments })
  }
  return out
}

export function buildResponsesRequest(options: GenerateOptions, settings: { provider: string; reasoning: boolean }): ResponsesRequest {
  const input = options.messages.flatMap((message) => (message.role === 'assistant' ? assistantItems(message, settings.provider) : userItems(message)))
  const body: ResponsesRequest = { model: options.model, input, stream: true, store: false }
  if (options.system) body.instructions = options.system
  if (options.tools?.length) {
    body.tools = options.tools.map((tool) => ({ type: 'function', name: tool.name, description: tool.description, parameters: normalizeToolSchema(tool.parameters, 'json-schema'), strict: false }))
  }
  if (options.maxTokens !== undefined) body.max_output_tokens = options.maxTokens
  if (options.temperature !== undefined) body.temperature = options.temperature
  if (settings.reasoning || options.reasoningEffort !== undefined) {
    body.reasoning = { ...(options.reasoningEffort === undefined ? {} : { effort: options.reasoningEffort }), summary: 'auto' }
    body.include = ['reasoning.encrypted_content']
  }
  return body
}
