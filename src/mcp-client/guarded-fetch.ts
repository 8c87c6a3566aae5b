/**
 * The only `fetch` the MCP transport gets: requests to any origin but the configured server's are
 * refused before they leave (a redirect or a server-sent URL cannot reach another host).
 * Plane: shared. Contract: throws `McpError MCP_ORIGIN_REFUSED` naming the refused origin.
 * @module mcp-client/guarded-fetch
 */
import { McpError } from './failure.ts'

export function originGuardedFetch(allowedOrigin: string, base: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.origin !== allowedOrigin) {
      return Promise.reject(new McpError('MCP_ORIGIN_REFUSED', `request to ${url.origin} refused: only ${allowedOrigin} is configured for this server`))
    }
    return base(input, init)
  }
}
