/**
 * Vite plugin keeping the MCP client chunk eval-free: resolves the MCP SDK's
 * `../validation/ajv-provider.js` to src/mcp-client/sdk-default-validator.ts (no Ajv, which compiles
 * with `new Function`), and drops Zod's `new Function` probe (Zod runs `jitless` there, so the probe
 * never ran; a strict CSP reports even a caught attempt); and gives `@cfworker/json-schema` a fixed base
 * URI (its page-derived one throws at load in a `blob:` worker — the cross-origin embed — and external
 * schemas must not resolve against the page anyway). Fails the build if either library changed shape.
 * Used by both build configs.
 * @module scripts/vite-mcp-validator
 */
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/** Zod's eval probe in `zod/v4/core/util.js` (`allowsEval`), replaced by its jitless answer. */
const ZOD_EVAL_PROBE = /try\s*\{\s*const F = Function;\s*new F\(""\);\s*return true;\s*\}\s*catch \(_\) \{\s*return false;\s*\}/

/** `@cfworker/json-schema`'s base URI, derived from `self.location` at module load. */
const CFWORKER_BASE_URI = /export let initialBaseURI = typeof self !== 'undefined'[\s\S]*?: new URL\('https:\/\/github\.com\/cfworker'\);/

/** Rewrites `code` with `pattern` → `replacement`, or fails the build naming the file. */
function patch(id: string, code: string, pattern: RegExp, replacement: string, what: string) {
  if (!pattern.test(code)) throw new Error(`${id}: ${what} changed shape; update scripts/vite-mcp-validator.ts`)
  return { code: code.replace(pattern, replacement), map: null }
}

const replacement = fileURLToPath(new URL('../src/mcp-client/sdk-default-validator.ts', import.meta.url))

export const mcpEvalFreeValidator: Plugin = {
  name: 'dsh-mcp-eval-free-validator',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source.endsWith('/validation/ajv-provider.js') && importer?.includes('@modelcontextprotocol')) return replacement
    return undefined
  },
  transform(code, id) {
    if (/[\\/]zod[\\/]v4[\\/]core[\\/]util\.js$/.test(id)) return patch(id, code, ZOD_EVAL_PROBE, 'return false;', "Zod's allowsEval probe")
    if (/[\\/]@cfworker[\\/]json-schema[\\/]dist[\\/]esm[\\/]dereference\.js$/.test(id)) {
      return patch(id, code, CFWORKER_BASE_URI, "export let initialBaseURI = new URL('https://github.com/cfworker');", "@cfworker/json-schema's initialBaseURI")
    }
    return undefined
  },
}
