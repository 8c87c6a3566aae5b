/**
 * The runtime's settings as the reader changes them: the provider key (`keyState`), MCP bearer
 * tokens (`mcpTokens`) and a new configuration (`reconfigure`, a runtime restart); each reopens the
 * session (a memory runtime's sessions are carried across the restart; switching from IndexedDB to
 * memory opens a new one). Plane: main.
 * Contract: never throws (commands go through `AgentController.call`).
 * @module components/controllers/settings-controller
 */
import type { CommandResultMap, KeyState, McpTokenState, RuntimeSettings } from '../../src/protocol/index.ts'
import type { AgentController, AgentFeature } from './agent-controller.ts'
import type { SessionsController } from './sessions-controller.ts'

export class SettingsController implements AgentFeature {
  keyState: KeyState = { hasKey: false, remembered: false }
  /** MCP server URLs that have a bearer token in the worker. */
  mcpTokens: McpTokenState[] = []
  /** Where the current runtime keeps sessions (switching from IndexedDB to memory opens a new session). */
  #storage: RuntimeSettings['storage'] | undefined

  constructor(private readonly agent: AgentController, private readonly sessions: SessionsController) {
    agent.join(this)
  }

  configured(result: CommandResultMap['host.configure'], settings: RuntimeSettings): void {
    this.keyState = result.keyState
    this.mcpTokens = result.mcpTokens
    this.#storage = settings.storage
  }

  /** New settings: the worker restarts its runtime and the session is reopened (a memory runtime's sessions are carried over; one kept in IndexedDB is not in a new memory runtime: a new one opens). */
  async reconfigure(settings: RuntimeSettings): Promise<void> {
    const configured = await this.agent.call({ kind: 'host.configure', settings })
    if (!configured) return
    const left = this.#storage === 'indexeddb' && settings.storage === 'memory'
    this.configured(configured, settings)
    await this.sessions.open(left ? undefined : this.agent.sessionId)
  }

  async setKey(apiKey: string | null, remember: boolean): Promise<void> {
    const keyState = await this.agent.call({ kind: 'provider.key', apiKey, remember })
    if (!keyState) return
    this.keyState = keyState
    await this.sessions.open(this.agent.sessionId)
  }

  /** Sets or clears an MCP server's bearer token; the server reconnects with it and the session is reopened. */
  async setMcpToken(url: string, token: string | null, remember: boolean): Promise<void> {
    const tokens = await this.agent.call({ kind: 'mcp.token', url, token, remember })
    if (!tokens) return
    this.mcpTokens = tokens
    await this.sessions.open(this.agent.sessionId) // a memory runtime's sessions are carried across the restart
  }

  /** "Delete all my data" went through: the worker holds no key and no token any more. */
  forget(): void {
    this.keyState = { hasKey: false, remembered: false }
    this.mcpTokens = []
  }
}
