/**
 * Plugin: registers the deterministic `scripted` provider (the test model and the offline
 * demo model) on `ctx.llm`, plus `scriptedAdapter(ctx)` for tests to read recorded requests.
 * Plane: shared; no DOM. Contract: the registration dies with the plugin.
 * @module llm-scripted/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { configSchema, optionalNumber, optionalString } from '../llm/config-schema.ts'
import type {} from '../llm/runtime.ts'
import { ScriptedAdapter, type ScriptedSettings } from './adapter.ts'
import type { ScriptedReply } from './types.ts'

export const name = 'llm-scripted'
export const inject = ['llm']

export interface ScriptedConfig {
  /** Replies used one per call, in order. */
  replies?: ScriptedReply[]
  /** Provider id served (default `scripted`). */
  provider?: string
  /** Model id reported by `listModels` (default `scripted-model`). */
  model?: string
  /** Context window reported for every model (default 128 000). */
  contextWindow?: number
  /** Default pause between chunks, in ms (default 0). */
  delayMs?: number
}

/** Validates and fills defaults. @throws TypeError naming the bad field */
export function resolveSettings(config: ScriptedConfig | Record<string, unknown>): ScriptedSettings {
  const raw = config as Record<string, unknown>
  if (raw.replies !== undefined && !Array.isArray(raw.replies)) throw new TypeError('"replies" must be an array')
  const replies = (raw.replies as unknown[] | undefined) ?? []
  replies.forEach((reply, i) => {
    if (typeof reply !== 'function' && (typeof reply !== 'object' || reply === null)) throw new TypeError(`"replies[${i}]" must be an object or a function`)
  })
  return {
    provider: optionalString(raw, 'provider') ?? 'scripted',
    model: optionalString(raw, 'model') ?? 'scripted-model',
    contextWindow: optionalNumber(raw, 'contextWindow', 1) ?? 128_000,
    delayMs: optionalNumber(raw, 'delayMs') ?? 0,
    replies: replies as ScriptedReply[],
  }
}

export const Config = configSchema(name, resolveSettings)

export function apply(ctx: Context, config: ScriptedConfig = {}): void {
  const settings = resolveSettings(config)
  ctx.llm.registerAdapter([settings.provider], new ScriptedAdapter(settings))
}

/**
 * The scripted adapter serving `provider` on `ctx.llm` (its `requests`, `enqueue`, `remaining`).
 * @throws Error if that provider is not served by a scripted adapter
 */
export function scriptedAdapter(ctx: Context, provider = 'scripted'): ScriptedAdapter {
  const adapter = ctx.llm.getAdapter(provider)
  if (!(adapter instanceof ScriptedAdapter)) throw new Error(`llm-scripted: provider "${provider}" is not a scripted adapter`)
  return adapter
}

export { ScriptedAdapter, type ScriptedSettings } from './adapter.ts'
export type * from './types.ts'
