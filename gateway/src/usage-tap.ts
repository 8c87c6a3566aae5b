/**
 * Reads the upstream's token `usage` off an SSE stream as it passes, without holding it back:
 * bytes go through untouched; complete `data:` lines that mention `"usage"` are parsed on the
 * side, the last non-null one wins (with `include_usage` it is the final chunk).
 * @module gateway/usage-tap
 */

export interface Usage {
  readonly promptTokens: number
  readonly completionTokens: number
  readonly totalTokens: number
}

/** Longest line kept while looking for usage; longer lines (big content deltas) are skipped. */
const MAX_LINE = 64 * 1024

export function readUsage(value: unknown): Usage | undefined {
  const usage = (value as { usage?: Record<string, unknown> | null } | null)?.usage
  if (!usage || typeof usage !== 'object') return undefined
  const prompt = Number(usage.prompt_tokens ?? 0)
  const completion = Number(usage.completion_tokens ?? 0)
  const total = Number(usage.total_tokens ?? prompt + completion)
  return Number.isFinite(total) ? { promptTokens: prompt, completionTokens: completion, totalTokens: total } : undefined
}

export class UsageTap {
  readonly #decoder = new TextDecoder()
  #line = ''
  #skipping = false
  usage: Usage | undefined

  push(bytes: Uint8Array): void {
    const text = this.#decoder.decode(bytes, { stream: true })
    let start = 0
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', start)) {
      this.#take(text.slice(start, at))
      this.#lineEnd()
      start = at + 1
    }
    this.#take(text.slice(start))
  }

  #take(piece: string): void {
    if (this.#skipping) return
    if (this.#line.length + piece.length > MAX_LINE) {
      this.#skipping = true
      this.#line = ''
      return
    }
    this.#line += piece
  }

  #lineEnd(): void {
    const line = this.#line.replace(/\r$/, '')
    this.#line = ''
    this.#skipping = false
    if (!line.startsWith('data:') || !line.includes('"usage"')) return
    try {
      this.usage = readUsage(JSON.parse(line.slice(5))) ?? this.usage
    } catch {
      // Not JSON: the client's own parser reports it; the gateway only counts.
    }
  }
}
