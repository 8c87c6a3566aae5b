/**
 * Response-body helpers shared by the HTTP providers: a body as an async byte source, a bounded
 * read of an error body, excerpts of offending input and the JSON-object check of one event.
 * Plane: shared; uses TextDecoder only. Contract: bounded reads cancel the rest of the body.
 * @module llm-http/body
 */
import { LlmError } from '../llm/errors.ts'

const EXCERPT = 160

/** At most 160 characters of `text`, marked when cut. */
export function excerpt(text: string): string {
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text
}

/** `MALFORMED_STREAM` naming what was wrong, with an excerpt of the data. */
export function malformed(what: string, data: string): LlmError {
  return new LlmError({ message: `malformed stream: ${what}: ${excerpt(data)}`, code: 'MALFORMED_STREAM', detail: excerpt(data) })
}

/** One event's data parsed as a JSON object. @throws LlmError MALFORMED_STREAM otherwise */
export function parseEventObject<T extends object>(data: string): T {
  let parsed: unknown
  try {
    parsed = JSON.parse(data)
  } catch {
    throw malformed('data is not JSON', data)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw malformed('data is not a JSON object', data)
  return parsed as T
}

export async function* readChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader()
  try {
    while (true) {
      const { done, value } = await reader.read()
      if (done) return
      yield value
    }
  } finally {
    reader.releaseLock()
  }
}

/** The body's text, at most `limit` characters; the rest is cancelled. */
export async function readBounded(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return ''
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  while (text.length < limit) {
    const { done, value } = await reader.read()
    if (done) return text + decoder.decode()
    text += decoder.decode(value, { stream: true })
  }
  await reader.cancel().catch(() => undefined)
  return text.slice(0, limit)
}
