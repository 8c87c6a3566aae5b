/**
 * The time, durably, as dsh's time-context: a prepended `agent/pre-step` listener that, once the
 * rest of the waterfall decided to enter the step, adds one user message with source
 * `{kind:'plugin', plugin:'time-context'}` saying the turn, the step, the local time with offset and
 * zone (the reader's, from the browser, unless `timeZone` is set) and how long since the preceding
 * model-visible message (step 1) or the turn's preceding reading (later steps). With
 * `refreshIntervalMs` a reading is added only once that long has passed since the session's latest
 * one (found in the log, so the schedule survives reloads), or when the clock went back.
 * Plane: worker. Off in the default composition (it costs tokens on every reading): patch
 * `{id: 'time-context', disabled: false}`.
 * @module plugins/time-context/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type { Agent } from '../../agent-loop/types.ts'
import { createUserMessage } from '../../llm/messages.ts'
import type { SessionEvent } from '../../session/types.ts'
import { compactDuration, zonedTimestamp, zoneFormatter } from './clock-text.ts'

export const name = 'time-context'

export interface Config {
  /** IANA zone of the readings (default: the runtime's, in a page the reader's). */
  timeZone?: string
  /** Least milliseconds between two readings of a session; 0 or absent: every step. */
  refreshIntervalMs?: number
}

const SOURCE = { kind: 'plugin', plugin: name } as const

const isReading = (event: SessionEvent): boolean => event.type === 'user/message' && event.data.source.kind === 'plugin' && event.data.source.plugin === name

/** The time of the newest event matching `found`, scanning back; `stop` ends the scan with nothing. */
function latestTime(agent: Agent, found: (event: SessionEvent) => boolean, stop: (event: SessionEvent) => boolean = () => false): number | undefined {
  const events = agent.session.events
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!
    if (stop(event)) return undefined
    if (found(event)) return event.time
  }
  return undefined
}

const modelVisible = (event: SessionEvent): boolean => event.type === 'user/message' || event.type === 'assistant/message' || event.type === 'tool/result'

function readingText(agent: Agent, turn: number, step: number, now: number, formatter: Intl.DateTimeFormat): string {
  const previous = step === 1
    ? latestTime(agent, modelVisible)
    : latestTime(agent, isReading, (event) => event.type === 'turn/start' && event.data.turn === turn)
  const elapsed = previous === undefined ? 'unavailable' : compactDuration(now - previous)
  return `Time sampled while preparing turn ${turn}, step ${step}: ${zonedTimestamp(now, formatter)}\n`
    + `Elapsed since the preceding ${step === 1 ? 'model-visible message' : 'step context'}: ${elapsed}.`
}

/** @throws Error at mount for an unknown zone or an interval that is not a non-negative safe integer. */
export function apply(ctx: Context, config: Config = {}): void {
  const interval = config.refreshIntervalMs ?? 0
  if (!Number.isSafeInteger(interval) || interval < 0) throw new TypeError(`time-context: refreshIntervalMs must be a non-negative safe integer, got ${String(config.refreshIntervalMs)}`)
  let formatter: Intl.DateTimeFormat
  try {
    formatter = zoneFormatter(config.timeZone)
  } catch (error) {
    throw new Error(config.timeZone === undefined ? 'time-context: the time zone could not be resolved' : `time-context: invalid IANA timeZone ${JSON.stringify(config.timeZone)}`, { cause: error })
  }

  ctx.on('agent/pre-step', async (payload, next) => {
    const decision = await next()
    if (payload.signal.aborted || decision.kind !== 'enter') return decision
    const now = Date.now()
    const last = interval > 0 ? latestTime(payload.agent, isReading) : undefined
    if (last !== undefined && now >= last && now - last < interval) return decision
    const reading = createUserMessage(readingText(payload.agent, payload.turn, payload.step, now, formatter), SOURCE)
    return { ...decision, messages: [...decision.messages, reading] }
  }, { prepend: true })
}
