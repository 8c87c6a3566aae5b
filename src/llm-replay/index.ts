/**
 * Plugin: registers the `replay` provider, which re-streams a recorded session's assistant
 * chunks step by step (docs demos, regression tests). Plane: shared; no DOM.
 * Contract: the registration dies with the plugin; the events are only read.
 * @module llm-replay/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { configSchema, optionalNumber, optionalString } from '../llm/config-schema.ts'
import type {} from '../llm/runtime.ts'
import type { SessionEvent } from '../session/types.ts'
import { ReplayAdapter, type ReplaySettings } from './adapter.ts'

export const name = 'llm-replay'
export const inject = ['llm']

export interface ReplayConfig {
  /** The recorded session (its `assistant/chunk` events are replayed). */
  events: SessionEvent[]
  /** Provider id served (default `replay`). */
  provider?: string
  /** Pause between chunks, in ms (default 0). */
  delayMs?: number
}

/** Validates and fills defaults. @throws TypeError naming the bad field */
export function resolveSettings(config: ReplayConfig | Record<string, unknown>): ReplaySettings {
  const raw = config as Record<string, unknown>
  if (!Array.isArray(raw.events)) throw new TypeError('"events" must be an array of session events')
  return {
    events: raw.events as SessionEvent[],
    provider: optionalString(raw, 'provider') ?? 'replay',
    delayMs: optionalNumber(raw, 'delayMs') ?? 0,
  }
}

export const Config = configSchema(name, resolveSettings)

export function apply(ctx: Context, config: ReplayConfig): void {
  const settings = resolveSettings(config)
  ctx.llm.registerAdapter([settings.provider], new ReplayAdapter(settings))
}

export { ReplayAdapter, recordedAttempts, type ReplaySettings } from './adapter.ts'
