/**
 * The OpenAI-compatible chat-completions wire format as DeepSeek speaks it (request body,
 * stream chunks, usage). Plane: shared; types only.
 * @module llm-openai-compatible/wire-types
 */

export interface WireToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

export type WireContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } }

export type WireMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | WireContentPart[] }
  | { role: 'assistant'; content: string; tool_calls?: WireToolCall[]; reasoning_content?: string }
  | { role: 'tool'; tool_call_id: string; content: string }

export interface WireRequest {
  model: string
  messages: WireMessage[]
  stream: true
  stream_options: { include_usage: true }
  tools?: { type: 'function'; function: { name: string; description: string; parameters: unknown } }[]
  max_tokens?: number
  temperature?: number
  stop?: string[]
  reasoning_effort?: string
  thinking?: { type: 'enabled' | 'disabled' }
}

export interface WireToolCallDelta {
  index?: number
  id?: string
  type?: string
  function?: { name?: string | null; arguments?: string | null }
}

export interface WireUsage {
  prompt_tokens?: number
  completion_tokens?: number
  prompt_cache_hit_tokens?: number
  prompt_cache_miss_tokens?: number
  prompt_tokens_details?: { cached_tokens?: number } | null
  completion_tokens_details?: { reasoning_tokens?: number } | null
}

export interface WireChoice {
  index?: number
  delta?: { role?: string; content?: string | null; reasoning_content?: string | null; tool_calls?: WireToolCallDelta[] | null } | null
  finish_reason?: string | null
}

export interface WireChunk {
  id?: string
  choices?: WireChoice[]
  usage?: WireUsage | null
  error?: { message?: string; code?: string | number; type?: string }
}
