/**
 * The `replay` adapter: re-streams the assistant chunks of a recorded session, one recorded
 * attempt per call (retries included), optionally paced. Plane: shared; no DOM.
 * Contract: attempts in log order; none left → `UNKNOWN` "replay has no recorded response left".
 * @module llm-replay/adapter
 */
import { delay } from '../llm/delay.ts'
import { LlmError } from '../llm/errors.ts'
import type { GenerateOptions, LlmAdapter, ModelInfo, StreamChunk } from '../llm/types.ts'
import type { SessionEvent } from '../session/types.ts'

export interface ReplaySettings {
  provider: string
  events: readonly SessionEvent[]
  delayMs: number
}

/** The recorded attempts: chunks grouped per (turn, step), split after each `finish`. */
export function recordedAttempts(events: readonly SessionEvent[]): StreamChunk[][] {
  const attempts: StreamChunk[][] = []
  let current: StreamChunk[] = []
  let key = ''
  for (const event of events) {
    if (event.type !== 'assistant/chunk') continue
    const eventKey = `${event.data.turn}:${event.data.step}`
    if (eventKey !== key && current.length) {
      attempts.push(current)
      current = []
    }
    key = eventKey
    current.push(event.data.chunk)
    if (event.data.chunk.type === 'finish') {
      attempts.push(current)
      current = []
    }
  }
  if (current.length) attempts.push(current)
  return attempts
}

export class ReplayAdapter implements LlmAdapter {
  readonly providerInfo: { id: string; label: string }
  private readonly attempts: StreamChunk[][]
  private readonly contextWindow: number | undefined

  constructor(private readonly settings: ReplaySettings) {
    this.providerInfo = { id: settings.provider, label: 'Recorded session' }
    this.attempts = recordedAttempts(settings.events)
    const contexts = settings.events.flatMap((event) => (event.type === 'request/context' ? [event.data] : []))
    this.contextWindow = contexts.at(-1)?.contextWindow
  }

  /** Recorded attempts not streamed yet. */
  get remaining(): number {
    return this.attempts.length
  }

  resolveModel(model: string): ModelInfo {
    const info: ModelInfo = { provider: this.settings.provider, model }
    if (this.contextWindow !== undefined) info.contextWindow = this.contextWindow
    return info
  }

  async *stream(options: GenerateOptions): AsyncGenerator<StreamChunk> {
    const attempt = this.attempts.shift()
    if (!attempt) throw new LlmError({ message: 'replay has no recorded response left', code: 'UNKNOWN' })
    for (const chunk of attempt) {
      if (this.settings.delayMs > 0) await delay(this.settings.delayMs, options.signal)
      yield structuredClone(chunk)
    }
  }
}
