/**
 * Maps `createRuntime` options onto composition patches by entry id (storage, model provider,
 * workspace, approval policy, permissions). Plane: worker/shared; pure.
 * Contract: the API key only ever lands in the config of the HTTP provider entry serving the route.
 * @module kernel/runtime-patches
 */
import type { PermissionPreset } from '../approval/types.ts'
import type { AgentOptions } from '../agent-loop/types.ts'
import { assertAgentOptions } from '../agent-loop/agent-options.ts'
import type { ScriptedReply } from '../llm-scripted/types.ts'
import type { SessionEvent } from '../session/types.ts'
import type { CompactionConfig } from '../plugins/compaction/config.ts'
import type { McpServerConfig } from '../mcp-client/types.ts'
import { perItemPlugins } from './compose.ts'
import type { CompositionPatch } from './types.ts'
import { webFetchPolicy, type WebFetchAllow } from '../tool-web/policy.ts'

/** The HTTP providers (one option shape) and the composition entry serving each. */
export const HTTP_PROVIDER_ENTRIES = Object.freeze({
  'openai-compatible': 'llm-openai-compatible',
  'openai-responses': 'llm-openai-responses',
  anthropic: 'llm-anthropic',
  gemini: 'llm-gemini',
} as const)
export type HttpProviderId = keyof typeof HTTP_PROVIDER_ENTRIES

export type RuntimeLlmOptions =
  | { provider: 'scripted'; replies?: ScriptedReply[]; model?: string; delayMs?: number; contextWindow?: number }
  | { provider: HttpProviderId; baseURL?: string; apiKey?: string; model?: string; thinking?: boolean; contextWindow?: number }
  | { provider: 'replay'; events: SessionEvent[]; delayMs?: number }
  /** The site's own gateway (`gateway/`): no key in the page; `url` is the gateway's origin. */
  | { provider: 'gateway'; url: string; model?: string; thinking?: boolean }

export interface RuntimeWorkspaceOptions {
  provider: 'memory' | 'webcontainer'
  files?: Record<string, string>
  /** Storage key of an embedded workspace (default `default`): pages of one origin keep theirs apart. */
  id?: string
}

export interface RuntimeOptionsForPatches {
  storage?: 'memory' | 'indexeddb'
  llm?: RuntimeLlmOptions
  workspace?: RuntimeWorkspaceOptions
  approval?: { policy?: 'ask' | 'never' }
  permissions?: PermissionPreset
  /** Defaults for every agent (route, output cap, budgets). */
  agentOptions?: AgentOptions
  /** Runtime invariant checks (the session log invariant, model-visible-means-logged); default `true`. */
  invariants?: boolean
  /** Runtime default cap of the parallel tool-call pool (a positive integer; an agent's own option wins). */
  maxParallelToolCalls?: number
  /** Context-pressure compaction (`src/plugins/compaction`): auto, thresholdRatio, retainRatio, ... */
  compaction?: CompactionConfig
  /** The site-wide instructions layer (broadest, before the workspace's AGENTS.md files). */
  instructions?: string
  /** The system-prompt persona (`deployment:persona`). */
  persona?: string
  /** `web_fetch`: allow-list (`self` | URL prefixes | `off`, the default) and the URL `self` means. */
  webFetch?: { allow: WebFetchAllow; base?: string }
  /** `site_search` over the site's Pagefind bundle (its absolute URL); fallbacks: the site's llms.txt, sitemap.xml. */
  siteSearch?: { index: string }
  /** MCP servers whose tools join the registry (`mcp__<name>__<tool>`); one `mcp-client` plugin each. */
  mcp?: { servers: McpServerConfig[] }
}

/** The entries of `fields` whose value is defined (optional config fields are omitted, never `undefined`). */
function defined<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>
}

/** Raised for options `createRuntime` cannot honour; nothing was booted. */
export class RuntimeOptionsError extends Error {
  override readonly name = 'RuntimeOptionsError'
}

function replayModel(events: readonly SessionEvent[]): string {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!
    if (event.type === 'request/header') return event.data.header.config.model
  }
  return 'replay'
}

function llmPatches(llm: RuntimeLlmOptions): { patches: CompositionPatch[]; route: AgentOptions } {
  const off = (id: string): CompositionPatch => ({ id, disabled: true })
  switch (llm.provider) {
    case 'scripted':
      return {
        patches: [{ id: 'llm-scripted', config: { replies: llm.replies ?? [], ...(llm.model ? { model: llm.model } : {}), ...defined({ delayMs: llm.delayMs, contextWindow: llm.contextWindow }) } }],
        route: { provider: 'scripted', model: llm.model ?? 'scripted-model' },
      }
    case 'gateway': {
      if (!llm.url) throw new RuntimeOptionsError('llm "gateway" needs the gateway\'s url')
      const model = llm.model ?? 'deepseek-chat'
      return { patches: [off('llm-scripted'), { id: 'llm-gateway', config: { url: llm.url, model, ...defined({ thinking: llm.thinking }) }, disabled: false }], route: { provider: 'gateway', model } }
    }
    case 'replay':
      return {
        patches: [off('llm-scripted'), { id: 'llm-replay', config: { events: llm.events, ...(llm.delayMs === undefined ? {} : { delayMs: llm.delayMs }) }, disabled: false }],
        route: { provider: 'replay', model: replayModel(llm.events) },
      }
    default: {
      const entry = Object.hasOwn(HTTP_PROVIDER_ENTRIES, llm.provider) ? HTTP_PROVIDER_ENTRIES[llm.provider] : undefined
      if (entry === undefined) throw new RuntimeOptionsError(`unknown llm provider ${JSON.stringify((llm as { provider?: unknown }).provider)}`)
      // No key yet is valid: the runtime boots (sessions, settings) and each request fails MISSING_CREDENTIAL until one is set.
      if (!llm.model) throw new RuntimeOptionsError(`llm "${llm.provider}" needs a model`)
      const config = { ...(llm.apiKey ? { apiKey: llm.apiKey } : {}), model: llm.model, ...(llm.baseURL ? { baseURL: llm.baseURL } : {}), ...defined({ thinking: llm.thinking, contextWindow: llm.contextWindow }) }
      return { patches: [off('llm-scripted'), { id: entry, config, disabled: false }], route: { provider: llm.provider, model: llm.model } }
    }
  }
}

function workspacePatches(workspace: RuntimeWorkspaceOptions, storage: 'memory' | 'indexeddb'): CompositionPatch[] {
  const files = workspace.files ? { files: workspace.files } : {}
  if (workspace.provider === 'webcontainer') {
    return [
      { id: 'fs-memory', disabled: true }, { id: 'shell-justbash', disabled: true },
      { id: 'fs-webcontainer', config: files, disabled: false }, { id: 'shell-webcontainer', disabled: false },
    ]
  }
  if (workspace.provider !== 'memory') throw new RuntimeOptionsError(`unknown workspace provider ${JSON.stringify(workspace.provider)}`)
  const id = workspace.id ? { workspace: workspace.id } : {}
  return [{ id: 'fs-memory', config: { ...files, ...id, mirror: storage === 'indexeddb' ? 'indexeddb' : 'memory' } }]
}

/** One `mcp-client` entry per server, in order (`mcp/server-1`, …). */
function mcpPatches(mcp: RuntimeOptionsForPatches['mcp']): CompositionPatch[] {
  if (mcp === undefined) return []
  if (!Array.isArray(mcp?.servers)) throw new RuntimeOptionsError('mcp.servers must be an array of {name, url, headers?}')
  return mcp.servers.map((server, i) => ({ insert: { id: `mcp/server-${i + 1}`, plugin: perItemPlugins.mcpClient, config: server } }))
}

/** The patches (applied before the caller's own) realising `options`. */
export function runtimePatches(options: RuntimeOptionsForPatches): CompositionPatch[] {
  const storage = options.storage ?? 'memory'
  if (storage !== 'memory' && storage !== 'indexeddb') throw new RuntimeOptionsError(`unknown storage ${JSON.stringify(storage)}`)
  const patches: CompositionPatch[] = storage === 'indexeddb'
    ? [{ id: 'session-memory', disabled: true }, { id: 'session-idb', disabled: false }, { id: 'spill', config: { storage } }, { id: 'session-query', config: { persist: 'indexeddb' } }]
    : []
  const { patches: llm, route } = llmPatches(options.llm ?? { provider: 'scripted' })
  patches.push(...llm)
  patches.push(...workspacePatches(options.workspace ?? { provider: 'memory' }, storage))
  if (options.approval?.policy) patches.push({ id: 'approval', config: { policy: options.approval.policy } })
  if (options.permissions) patches.push({ id: 'permissions', config: { preset: options.permissions } })
  if (options.compaction) patches.push({ id: 'compaction', config: options.compaction })
  if (options.instructions !== undefined) {
    if (typeof options.instructions !== 'string') throw new RuntimeOptionsError('instructions must be a string')
    patches.push({ id: 'agent-instructions', config: { site: options.instructions } })
  }
  if (options.webFetch !== undefined) {
    const { allow, base } = options.webFetch
    try {
      webFetchPolicy(allow, base)
    } catch (error) {
      throw new RuntimeOptionsError((error as Error).message)
    }
    patches.push({ id: 'tool-web', config: { allow, ...(base === undefined ? {} : { base }) } })
  }
  if (options.siteSearch !== undefined) {
    if (typeof options.siteSearch.index !== 'string' || !URL.canParse(options.siteSearch.index)) throw new RuntimeOptionsError(`siteSearch.index must be an absolute URL, got ${JSON.stringify(options.siteSearch.index)}`)
    patches.push({ id: 'tool-site-search', config: { index: options.siteSearch.index } })
  }
  if (options.persona !== undefined) {
    if (typeof options.persona !== 'string') throw new RuntimeOptionsError('persona must be a string')
    patches.push({ id: 'prompt', config: { persona: options.persona } })
  }
  const defaults: AgentOptions = { ...route, ...(options.maxParallelToolCalls === undefined ? {} : { maxParallelToolCalls: options.maxParallelToolCalls }), ...options.agentOptions }
  assertAgentOptions(defaults)
  if (options.invariants === false) patches.push({ id: 'session-invariant', disabled: true })
  patches.push({ id: 'agents', config: { defaults, ...(options.invariants === false ? { invariants: false } : {}) } })
  patches.push(...mcpPatches(options.mcp))
  return patches
}
