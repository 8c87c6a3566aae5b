/**
 * `<dsh-agent>`'s attributes as `RuntimeSettings`, applied live: once started, a changed
 * provider, model, base URL, permissions, storage or input restarts the runtime with them (an
 * unchanged set restarts nothing), and the Settings panels' changes (provider, key, MCP servers
 * and tokens, rules, delete all) go to the controllers. Changes apply one after another; a message
 * sent meanwhile waits for them (`settled`). Plane: main. Contract: a bad attribute is reported
 * (`DSH_ATTRIBUTE_INVALID` or its own code), never thrown.
 * @module components/dsh-agent/live-settings
 */
import type { PermissionPreset } from '../../src/approval/types.ts'
import type { McpServerSetting, ProviderKind, RuntimeSettings } from '../../src/protocol/index.ts'
import type { AgentController } from '../controllers/agent-controller.ts'
import type { ApprovalsController } from '../controllers/approvals-controller.ts'
import type { SessionsController } from '../controllers/sessions-controller.ts'
import type { SettingsController } from '../controllers/settings-controller.ts'
import type { DshMcpChangeDetail, DshSettingsChangeDetail } from '../events/index.ts'
import { resolveInstructions, resolveMcpServers, resolveReplay, resolveScript, resolveSiteSearch, resolveSkills, resolveWebFetch, resolveWorkspace } from './resolve-inputs.ts'
import { forgetRememberedProvider, saveRememberedProvider } from './remembered-provider.ts'

/** Properties that make up the runtime settings: a change after start reconfigures the worker. */
export const SETTINGS_PROPERTIES = ['provider', 'model', 'baseUrl', 'gateway', 'permissions', 'storage', 'script', 'workspace', 'src', 'workspaceId', 'sessionScope', 'instructions', 'persona', 'skills', 'webFetch', 'siteSearch', 'mcpServersAttr'] as const

export interface SettingsAttributes {
  provider: ProviderKind; model: string; baseUrl: string; gateway: string; permissions: PermissionPreset; storage: 'memory' | 'indexeddb'
  script: string | null; workspace: string | null; src: string | null; workspaceId: string; sessionScope: 'workspace' | 'all'; instructions: string | null
  persona: string | null; skills: string | null; webFetch: string | null; siteSearch: string | null; mcpServersAttr: string | null
}

/** Where model calls go: the `gateway` attribute for `provider="gateway"`, else the base URL. */
export function endpoint(h: Pick<SettingsAttributes, 'provider' | 'baseUrl' | 'gateway'>): string {
  return h.provider === 'gateway' ? h.gateway || h.baseUrl : h.baseUrl
}

export interface LiveSettingsHost extends SettingsAttributes {
  agent: AgentController
  approvals: ApprovalsController
  sessions: SessionsController
  settings: SettingsController
  requestUpdate(): void
}

export class LiveSettings {
  /** The MCP servers as Settings left them (add/remove); until then, and after `mcp-servers` changes, the attribute's. */
  #mcpEdited: McpServerSetting[] | undefined
  /** The settings last given to the worker (JSON), so an unchanged attribute set restarts nothing. */
  #sent = ''
  #settling: Promise<void> = Promise.resolve()

  /** @param started the boot under way or done (a change waits for it); undefined before the first connection. */
  constructor(private readonly host: LiveSettingsHost, private readonly started: () => Promise<void> | undefined) {}

  /** Settles once every change queued so far has applied. */
  get settled(): Promise<void> {
    return this.#settling
  }

  /** The worker was given `settings` at start (or nothing yet, after a teardown). */
  sent(settings: RuntimeSettings | undefined): void {
    this.#sent = settings ? JSON.stringify(settings) : ''
  }

  /** `mcp-servers` changed: Settings starts again from the attribute's list. */
  mcpAttributeChanged(): void {
    this.#mcpEdited = undefined
  }

  async resolve(): Promise<RuntimeSettings> {
    const h = this.host
    const settings: RuntimeSettings = { provider: h.provider, permissions: h.permissions, storage: h.provider === 'replay' ? 'memory' : h.storage }
    if (h.model) settings.model = h.model
    if (endpoint(h)) settings.baseURL = endpoint(h)
    const [replies, workspace, replay, instructions, skills] = await Promise.all([
      resolveScript(h.script), resolveWorkspace(h.workspace), resolveReplay(h.src), resolveInstructions(h.instructions), resolveSkills(h.skills),
    ])
    if (instructions !== undefined) settings.instructions = instructions
    if (h.persona) settings.persona = h.persona
    if (skills) settings.skills = skills
    settings.webFetch = resolveWebFetch(h.webFetch)
    const siteSearch = resolveSiteSearch(h.siteSearch)
    if (siteSearch) settings.siteSearch = siteSearch
    if (replies) settings.replies = replies as RuntimeSettings['replies'] & object
    if (workspace) settings.workspace = workspace
    if (h.workspaceId) settings.workspaceId = h.workspaceId
    if (h.sessionScope === 'all') settings.sessionScope = 'all'
    if (replay !== undefined) settings.replay = replay
    const mcpServers = this.mcpServers()
    if (mcpServers.length > 0) settings.mcpServers = mcpServers
    return settings
  }

  mcpServers(): McpServerSetting[] {
    return this.#mcpEdited ?? resolveMcpServers(this.host.mcpServersAttr) ?? []
  }

  /** The list the MCP settings show: an invalid attribute (reported where it is applied) shows none. */
  shownMcpServers(): McpServerSetting[] {
    try {
      return this.mcpServers()
    } catch {
      return []
    }
  }

  /** Queues a restart with the attributes as they are when it runs (after the boot). */
  apply(): void {
    this.#settling = this.#settling.then(() => this.#apply())
  }

  async #apply(): Promise<void> {
    await this.started()
    try {
      const settings = await this.resolve()
      const json = JSON.stringify(settings)
      if (json === this.#sent) return
      this.#sent = json
      await this.host.settings.reconfigure(settings)
    } catch (error) {
      const e = error as { code?: string; message: string }
      this.host.agent.fail(e.code ?? 'DSH_ATTRIBUTE_INVALID', e.message, 'attribute')
    }
  }

  /** The Settings' MCP section, queued with the other settings changes (a message sent meanwhile waits for it). */
  onMcp(change: DshMcpChangeDetail): Promise<void> {
    this.#settling = this.#settling.then(() => this.#applyMcp(change))
    return this.#settling
  }

  /** A token applies at once; adding or removing a server restarts the runtime with the new list. */
  async #applyMcp(d: DshMcpChangeDetail): Promise<void> {
    const settings = this.host.settings
    if (d.action === 'token') return settings.setMcpToken(d.url, d.token, d.remember)
    const servers = this.shownMcpServers() // a broken mcp-servers attribute was reported at start; Settings starts from an empty list
    if (d.action === 'remove') {
      if (settings.mcpTokens.some((t) => t.url === d.url)) await settings.setMcpToken(d.url, null, false)
      this.#mcpEdited = servers.filter((server) => server.name !== d.name)
    } else {
      if (d.token) await settings.setMcpToken(d.url, d.token, d.remember)
      this.#mcpEdited = [...servers, { name: d.name, url: d.url }]
    }
    this.host.requestUpdate()
    await this.#apply()
  }

  /** Provider changes apply through the live settings path; a remembered key remembers them too. */
  async onSettings(d: DshSettingsChangeDetail): Promise<void> {
    const h = this.host
    if (d.action === 'delete-all') {
      forgetRememberedProvider()
      return h.sessions.deleteAll()
    }
    if (d.action === 'revoke-rule') return h.approvals.revokeRule(d.ruleId)
    const provider = { provider: h.provider, baseURL: h.baseUrl, model: h.model }
    if (d.action === 'key') {
      if (d.apiKey !== null && d.remember) saveRememberedProvider(provider)
      else forgetRememberedProvider()
      return h.settings.setKey(d.apiKey, d.remember)
    }
    Object.assign(h, { provider: d.provider, baseUrl: d.baseURL, model: d.model })
    if (h.settings.keyState.remembered) saveRememberedProvider({ provider: d.provider, baseURL: d.baseURL, model: d.model })
  }
}
