/**
 * Bearer tokens of MCP servers, by server URL: held in worker memory, stored on this device only
 * for URLs the user chose to remember (the secrets database, apart from sessions), scrubbed from
 * every text leaving the worker. Plane: worker. Contract: a token goes only into the `Authorization`
 * header of its own server's requests.
 * @module host/mcp-tokens
 */
import type { McpTokenState } from '../protocol/messages.ts'
import { loadRememberedMcpTokens, rememberMcpToken, scrubSecret } from './key-store.ts'

export class McpTokens {
  #tokens: Map<string, string> | undefined
  readonly #remembered = new Set<string>()

  /** Whether the remembered tokens were loaded. */
  get loaded(): boolean {
    return this.#tokens !== undefined
  }

  /** Loads the remembered tokens once (on the first configuration); `read` may hand over a read already made. */
  async load(read: () => Promise<Map<string, string>> = loadRememberedMcpTokens): Promise<ReadonlyMap<string, string>> {
    if (this.#tokens) return this.#tokens
    const remembered = await read()
    for (const url of remembered.keys()) this.#remembered.add(url)
    return (this.#tokens ??= remembered)
  }

  get byUrl(): ReadonlyMap<string, string> {
    return this.#tokens ?? new Map()
  }

  get states(): McpTokenState[] {
    return [...this.byUrl.keys()].map((url) => ({ url, remembered: this.#remembered.has(url) }))
  }

  async set(url: string, token: string | null, remember: boolean): Promise<void> {
    const tokens = (await this.load()) as Map<string, string>
    if (token === null) tokens.delete(url)
    else tokens.set(url, token)
    const keep = token !== null && remember
    await rememberMcpToken(url, keep ? token : null)
    if (keep) this.#remembered.add(url)
    else this.#remembered.delete(url)
  }

  /** Forgets every token, remembered or not ("Delete all my data"). */
  async forgetAll(): Promise<void> {
    for (const url of this.#remembered) await rememberMcpToken(url, null)
    this.#remembered.clear()
    this.#tokens?.clear()
  }

  scrub(text: string): string {
    let clean = text
    for (const token of this.byUrl.values()) clean = scrubSecret(clean, token)
    return clean
  }

  contains(text: string): boolean {
    return [...this.byUrl.values()].some((token) => text.includes(token))
  }
}
