/**
 * The preload hint: a plain message (not a command; the host's comlink ignores it, and nothing
 * answers it) the page posts to an agent worker it has just created, once the settings have resolved,
 * naming what in them picks the runtime's lazy modules — storage, model provider, whether MCP
 * servers are set — so the worker entry starts importing those while the host module still loads
 * (src/kernel/early-parts.ts). Plane: shared; pure. Contract: carries no secret and none of the
 * settings' bulk data (replies, files, a recorded session); the host configures only from
 * `host.configure`, never from a hint.
 * @module protocol/preload-hint
 */
import type { ProviderKind, RuntimeSettings } from './messages.ts'

export interface PreloadHint {
  readonly provider: ProviderKind
  readonly storage: RuntimeSettings['storage']
  readonly mcp: boolean
}

/** The message to post to the worker. */
export function preloadHint(settings: RuntimeSettings): { dshPreload: PreloadHint } {
  return { dshPreload: { provider: settings.provider, storage: settings.storage, mcp: (settings.mcpServers?.length ?? 0) > 0 } }
}

/** The hint a worker message carries, or undefined for any other message. */
export function readPreloadHint(data: unknown): PreloadHint | undefined {
  const hint = (data as { dshPreload?: Partial<PreloadHint> } | null)?.dshPreload
  if (typeof hint !== 'object' || hint === null) return undefined
  const { provider, storage, mcp } = hint
  if (typeof provider !== 'string' || typeof storage !== 'string' || typeof mcp !== 'boolean') return undefined
  return { provider, storage, mcp }
}
