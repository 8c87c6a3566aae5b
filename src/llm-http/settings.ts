/**
 * The config every HTTP provider plugin accepts (key, model, base URL, thinking, effort,
 * watchdogs, bounds, model facts) and its validation with defaults. Plane: shared; pure.
 * Contract: `resolveHttpSettings` throws a `TypeError` naming the bad field.
 * @module llm-http/settings
 */
import { optionalNumber, optionalString } from '../llm/config-schema.ts'
import type { ModelEntry } from '../llm/model-catalog.ts'
import type { LlmCallConfig } from '../llm/types.ts'
import type { TransportSettings } from './sse-request.ts'

export interface HttpProviderConfig {
  /** Provider id served (default: the plugin's own). */
  provider?: string
  /** Endpoint root (default: the provider's public API). */
  baseURL?: string
  apiKey: string
  model: string
  /** Ask the model to think (and stream its reasoning); unset = the model's own default. */
  thinking?: boolean
  reasoningEffort?: LlmCallConfig['reasoningEffort']
  /** Transport watchdog: no byte at all for this long → `TIMEOUT` (default 90 s). */
  firstByteTimeoutMs?: number
  /** Payload watchdog: no data event (keep-alives do not count) → `STALLED` (default 300 s). */
  stallTimeoutMs?: number
  /** Context window of `model` when the catalog does not know it. */
  contextWindow?: number
  /** Extra or overriding model facts. */
  models?: ModelEntry[]
  /** Bound on one SSE line / event (default 16 MiB) → `STREAM_TOO_LARGE`. */
  maxLineLength?: number
  /** Bound on one response's text and arguments (default 32 Mi chars) → `STREAM_TOO_LARGE`. */
  maxResponseChars?: number
}

export interface HttpProviderSettings extends TransportSettings {
  baseURL: string
  model: string
  thinking?: boolean
  reasoningEffort?: LlmCallConfig['reasoningEffort']
  contextWindow?: number
  models: readonly ModelEntry[]
  maxResponseChars: number
}

const EFFORTS = ['low', 'medium', 'high']

/** Validates `config` and fills the defaults (`provider` and `baseURL` are the plugin's). */
export function resolveHttpSettings(config: HttpProviderConfig | Record<string, unknown>, defaults: { provider: string; baseURL: string }): HttpProviderSettings {
  const raw = config as Record<string, unknown>
  const model = optionalString(raw, 'model')
  if (!model) throw new TypeError('"model" is required')
  if (raw.thinking !== undefined && typeof raw.thinking !== 'boolean') throw new TypeError('"thinking" must be a boolean')
  const effort = optionalString(raw, 'reasoningEffort')
  if (effort !== undefined && !EFFORTS.includes(effort)) throw new TypeError(`"reasoningEffort" must be one of ${EFFORTS.join(', ')}`)
  if (raw.models !== undefined && !Array.isArray(raw.models)) throw new TypeError('"models" must be an array')
  const settings: HttpProviderSettings = {
    provider: optionalString(raw, 'provider') ?? defaults.provider,
    baseURL: optionalString(raw, 'baseURL') ?? defaults.baseURL,
    apiKey: optionalString(raw, 'apiKey') ?? '',
    model,
    firstByteTimeoutMs: optionalNumber(raw, 'firstByteTimeoutMs', 1) ?? 90_000,
    stallTimeoutMs: optionalNumber(raw, 'stallTimeoutMs', 1) ?? 300_000,
    models: (raw.models as ModelEntry[] | undefined) ?? [],
    maxLineLength: optionalNumber(raw, 'maxLineLength', 1024) ?? 16 * 1024 * 1024,
    maxResponseChars: optionalNumber(raw, 'maxResponseChars', 1024) ?? 32 * 1024 * 1024,
  }
  try {
    new URL(settings.baseURL)
  } catch {
    throw new TypeError(`"baseURL" is not a URL: ${settings.baseURL}`)
  }
  if (typeof raw.thinking === 'boolean') settings.thinking = raw.thinking
  if (effort !== undefined) settings.reasoningEffort = effort as HttpProviderSettings['reasoningEffort']
  const contextWindow = optionalNumber(raw, 'contextWindow', 1)
  if (contextWindow !== undefined) settings.contextWindow = contextWindow
  return settings
}

/** `base` without trailing slashes, joined with `path`. */
export function endpoint(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`
}

/** The configured model's own catalog entry (its context window when configured). */
export function configuredModel(settings: HttpProviderSettings): ModelEntry {
  return settings.contextWindow !== undefined ? { model: settings.model, contextWindow: settings.contextWindow } : { model: settings.model }
}
