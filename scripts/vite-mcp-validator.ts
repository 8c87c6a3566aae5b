/**
 * Vite plugin: resolves the MCP SDK's `../validation/ajv-provider.js` to
 * src/mcp-client/sdk-default-validator.ts, so the bundle carries no Ajv (which compiles with
 * `new Function`) and the bundle scan for eval stays green. Used by both build configs.
 * @module scripts/vite-mcp-validator
 */
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const replacement = fileURLToPath(new URL('../src/mcp-client/sdk-default-validator.ts', import.meta.url))

export const mcpEvalFreeValidator: Plugin = {
  name: 'dsh-mcp-eval-free-validator',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source.endsWith('/validation/ajv-provider.js') && importer?.includes('@modelcontextprotocol')) return replacement
    return undefined
  },
}
