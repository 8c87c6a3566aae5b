/**
 * Structured logs: one JSON line per request (request id, origin, client-id hash, model, tokens,
 * status, code, latency) through a sink (`console.log` by default). Prompt text only with
 * `LOG_PROMPTS=1`; the upstream key is scrubbed from every line whatever a field holds.
 * @module gateway/log
 */
import { scrubSecret } from './upstream.ts'

export type LogSink = (line: string) => void

export interface RequestLog {
  request_id: string
  method: string
  path: string
  origin: string | null
  status: number
  latency_ms: number
  client?: string
  model?: string
  stream?: boolean
  code?: string
  limit?: string
  prompt_tokens?: number
  completion_tokens?: number
  total_tokens?: number
  charged_tokens?: number
  bytes?: number
  dropped_params?: readonly string[]
  /** The last user message, only with LOG_PROMPTS=1. */
  prompt?: string
}

export const consoleSink: LogSink = (line) => console.log(line)

export function writeLog(sink: LogSink, entry: RequestLog, secret: string): void {
  sink(scrubSecret(JSON.stringify({ ts: new Date().toISOString(), level: entry.status >= 500 ? 'error' : entry.status >= 400 ? 'warn' : 'info', msg: 'request', ...entry }), secret))
}

/** The text of the last user message (for LOG_PROMPTS=1). */
export function lastUserText(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as { role?: unknown; content?: unknown }[]) : []
  const last = [...messages].reverse().find((m) => m?.role === 'user')
  const content = last?.content
  return (typeof content === 'string' ? content : JSON.stringify(content ?? '')).slice(0, 2000)
}
