/**
 * Plugin: registers the `gateway` provider on `ctx.llm`: model calls go through the site's own
 * gateway (`gateway/`), which holds the key; the page holds none. Plane: worker/shared; no DOM.
 * Contract: no key in config; the registration is removed when the plugin is disposed.
 * @module llm-gateway/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { configSchema, optionalString } from '../llm/config-schema.ts'
import type {} from '../llm/runtime.ts'
import { createGatewayAdapter, type GatewaySettings } from './adapter.ts'

export const name = 'llm-gateway'
export const inject = ['llm']

export interface GatewayConfig {
  /** The gateway's URL, e.g. `https://ai.example.com`. */
  url: string
  model?: string
  thinking?: boolean
}

export const DEFAULT_GATEWAY_MODEL = 'deepseek-chat'

/** @throws TypeError naming the bad field */
export function resolveGatewaySettings(config: GatewayConfig | Record<string, unknown>): GatewaySettings {
  const raw = config as Record<string, unknown>
  const url = optionalString(raw, 'url')
  if (!url) throw new TypeError('"url" (the site’s gateway) is required')
  try {
    new URL(url)
  } catch {
    throw new TypeError(`"url" is not a URL: ${url}`)
  }
  if (raw.thinking !== undefined && typeof raw.thinking !== 'boolean') throw new TypeError('"thinking" must be a boolean')
  return { url, model: optionalString(raw, 'model') ?? DEFAULT_GATEWAY_MODEL, ...(typeof raw.thinking === 'boolean' ? { thinking: raw.thinking } : {}) }
}

export const Config = configSchema(name, resolveGatewaySettings)

export function apply(ctx: Context, config: GatewayConfig): void {
  ctx.llm.registerAdapter(['gateway'], createGatewayAdapter(resolveGatewaySettings(config)))
}

export { createGatewayAdapter, type GatewaySettings } from './adapter.ts'
export { GatewaySession } from './session-client.ts'
export { gatewayFailure } from './failures.ts'
