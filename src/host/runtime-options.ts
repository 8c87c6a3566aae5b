/**
 * Turns the page's `RuntimeSettings` (plus the key held in worker memory) into `createRuntime`
 * options. Plane: worker; pure. Contract: a malformed replay file fails naming its line; the key
 * goes only into the provider options, an MCP token only into its own server's headers.
 * @module host/runtime-options
 */
import type { ScriptedReply } from '../llm-scripted/types.ts'
import type { SessionEvent } from '../session/types.ts'
import type { RuntimeSettings } from '../protocol/messages.ts'
import type { HostLlmOptions, HostRuntimeOptions } from './types.ts'

/** The model used when the page names none (DeepSeek's chat model; the settings form shows it as the placeholder). */
export const DEFAULT_MODEL = 'deepseek-chat'
/** The model of each other HTTP provider when the page names none. */
const PROVIDER_DEFAULT_MODELS: Readonly<Partial<Record<RuntimeSettings['provider'], string>>> = Object.freeze({
  'openai-responses': 'gpt-5-mini',
  anthropic: 'claude-sonnet-4-5',
  gemini: 'gemini-2.5-flash',
})

export class HostConfigError extends Error {
  override name = 'HostConfigError'
  readonly code = 'DSH_CONFIG_INVALID'
}

/** Parses a recorded session (dsh JSONL: header line, then one event per line). */
export function parseReplay(jsonl: string): SessionEvent[] {
  const events: SessionEvent[] = []
  const lines = jsonl.split('\n')
  lines.forEach((line, index) => {
    if (line.trim() === '') return
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch (error) {
      throw new HostConfigError(`replay line ${index + 1}: not JSON (${(error as Error).message})`)
    }
    if (typeof value !== 'object' || value === null || typeof (value as { type?: unknown }).type !== 'string') {
      throw new HostConfigError(`replay line ${index + 1}: expected an object with a "type"`)
    }
    if ((value as { type: string }).type !== 'session') events.push(value as SessionEvent)
  })
  return events
}

function llmOptions(settings: RuntimeSettings, apiKey: string | undefined): HostLlmOptions {
  switch (settings.provider) {
    case 'scripted':
      // The page's JSON replies; the scripted provider's config schema validates them at boot.
      return { provider: 'scripted', replies: (settings.replies ?? []) as ScriptedReply[] }
    case 'replay':
      if (settings.replay === undefined) throw new HostConfigError('provider "replay" needs a recorded session (src)')
      return { provider: 'replay', events: parseReplay(settings.replay) }
    case 'gateway':
      if (!settings.baseURL) throw new HostConfigError('provider "gateway" needs the gateway\'s URL (the gateway attribute)')
      return { provider: 'gateway', url: settings.baseURL, model: settings.model ?? DEFAULT_MODEL }
    default: {
      const llm: HostLlmOptions = { provider: settings.provider, model: settings.model ?? PROVIDER_DEFAULT_MODELS[settings.provider] ?? DEFAULT_MODEL }
      if (settings.baseURL !== undefined) llm.baseURL = settings.baseURL
      if (apiKey !== undefined) llm.apiKey = apiKey
      return llm
    }
  }
}

/** The page's MCP servers, each with its bearer token (held in the worker) as an `Authorization` header. */
function mcpServers(settings: RuntimeSettings, tokens: ReadonlyMap<string, string> | undefined): NonNullable<HostRuntimeOptions['mcp']>['servers'] {
  return (settings.mcpServers ?? []).map(({ name, url, timeoutMs }) => {
    const token = tokens?.get(url)
    return { name, url, ...(timeoutMs !== undefined ? { timeoutMs } : {}), ...(token !== undefined ? { headers: { Authorization: `Bearer ${token}` } } : {}) }
  })
}

export function runtimeOptions(settings: RuntimeSettings, apiKey: string | undefined, mcpTokens?: ReadonlyMap<string, string>): HostRuntimeOptions {
  const workspace: HostRuntimeOptions['workspace'] = { provider: 'memory' }
  if (settings.workspace) workspace.files = settings.workspace
  if (settings.workspaceId) workspace.id = settings.workspaceId
  const options: HostRuntimeOptions = {
    storage: settings.storage,
    llm: llmOptions(settings, apiKey),
    workspace,
    approval: { policy: 'ask' },
    permissions: settings.permissions,
    ...(settings.mcpServers?.length ? { mcp: { servers: mcpServers(settings, mcpTokens) } } : {}),
  }
  if (settings.instructions !== undefined) options.instructions = settings.instructions
  if (settings.persona !== undefined) options.persona = settings.persona
  if (settings.skills !== undefined) options.skills = settings.skills
  if (settings.webFetch !== undefined) options.webFetch = settings.webFetch
  if (settings.siteSearch !== undefined) options.siteSearch = settings.siteSearch
  return options
}
