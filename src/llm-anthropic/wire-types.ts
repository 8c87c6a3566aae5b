/**
 * The Anthropic Messages API wire format (request blocks, streamed events, usage) as the
 * streaming client uses it. Plane: shared; types only.
 * @module llm-anthropic/wire-types
 */
import type { JsonValue } from '../util/json.ts'

export interface CacheControl { type: 'ephemeral' }

export type AnthropicBlock = (
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'tool_use'; id: string; name: string; input: { [key: string]: JsonValue } }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: true }
) & { cache_control?: CacheControl }

export interface AnthropicMessage {
  role: 'user' | 'assistant'
  content: AnthropicBlock[]
}

export interface AnthropicTool {
  name: string
  description: string
  input_schema: JsonValue
  cache_control?: CacheControl
}

export interface AnthropicRequest {
  model: string
  max_tokens: number
  messages: AnthropicMessage[]
  system?: { type: 'text'; text: string; cache_control?: CacheControl }[]
  tools?: AnthropicTool[]
  stream: true
  temperature?: number
  stop_sequences?: string[]
  thinking?: { type: 'enabled'; budget_tokens: number }
}

export interface AnthropicUsage {
  input_tokens?: number
  output_tokens?: number
  cache_creation_input_tokens?: number | null
  cache_read_input_tokens?: number | null
}

export interface AnthropicEvent {
  type?: string
  index?: number
  message?: { usage?: AnthropicUsage }
  content_block?: { type?: string; id?: string; name?: string; text?: string; thinking?: string }
  delta?: { type?: string; text?: string; thinking?: string; signature?: string; partial_json?: string; stop_reason?: string | null }
  usage?: AnthropicUsage
  error?: { type?: string; message?: string }
}
