/**
 * The OpenAI Responses API wire format (request input items, streamed events, usage) as the
 * stateless streaming client uses it. Plane: shared; types only.
 * @module llm-openai-responses/wire-types
 */
import type { JsonValue } from '../util/json.ts'

export type ResponsesContentPart =
  | { type: 'input_text'; text: string }
  | { type: 'input_image'; image_url: string }
  | { type: 'output_text'; text: string }

export type ResponsesInputItem =
  | { role: 'system' | 'user' | 'assistant'; content: ResponsesContentPart[] }
  | { type: 'function_call'; call_id: string; name: string; arguments: string }
  | { type: 'function_call_output'; call_id: string; output: string }
  | { [key: string]: JsonValue }

export interface ResponsesRequest {
  model: string
  input: ResponsesInputItem[]
  instructions?: string
  tools?: { type: 'function'; name: string; description: string; parameters: JsonValue; strict: false }[]
  stream: true
  store: false
  max_output_tokens?: number
  temperature?: number
  reasoning?: { effort?: string; summary: 'auto' }
  include?: string[]
}

export interface ResponsesUsage {
  input_tokens?: number
  input_tokens_details?: { cached_tokens?: number } | null
  output_tokens?: number
  output_tokens_details?: { reasoning_tokens?: number } | null
}

export interface ResponsesOutputItem {
  type?: string
  id?: string
  call_id?: string
  name?: string
  arguments?: string
  encrypted_content?: string | null
  summary?: JsonValue
}

export interface ResponsesEvent {
  type?: string
  delta?: string
  output_index?: number
  item_id?: string
  item?: ResponsesOutputItem
  response?: {
    status?: string
    usage?: ResponsesUsage | null
    incomplete_details?: { reason?: string } | null
    error?: { code?: string; message?: string } | null
  }
  code?: string | null
  message?: string
  error?: { code?: string | null; type?: string; message?: string }
}
