/**
 * Page tools (`element.registerTool`): each tool the page declares is registered on `ctx.tools`
 * under its own name and goes through the whole pipeline (approval by its `effect`, guards, the
 * tool timeout, the call's abort reaching the page); only the body runs on the page. Plane: worker.
 * Contract: a tool the registry refuses (a taken name, a schema that does not compile) is reported
 * back to the page, never half-registered; disposing the plugin removes every page tool.
 * @module tool-page
 */
import type { Context } from '@deepseek-ai/cordis'
import type { PageToolSpec } from '../protocol/page-tools.ts'
import { defineTool } from '../tools/define-tool.ts'
import type {} from '../tools/registry.ts'
import type { ToolDefinition } from '../tools/types.ts'
import type { JsonValue } from '../util/json.ts'
import type { PageToolSource } from './types.ts'

export const name = 'tool-page'
export const inject = ['tools']

export interface Config {
  source: PageToolSource
}

/** Deadline of a page tool that declares none. */
export const DEFAULT_PAGE_TOOL_TIMEOUT_MS = 30_000

function pageTool(spec: PageToolSpec, validateArgs: (value: unknown) => string[], source: PageToolSource): ToolDefinition {
  return defineTool<JsonValue, string>({
    name: spec.name,
    description: spec.description,
    parameters: spec.parameters as never,
    validateArgs,
    effect: spec.effect,
    timeoutMs: spec.timeoutMs ?? DEFAULT_PAGE_TOOL_TIMEOUT_MS,
    output: { schema: { type: 'string' }, render: (_args, text) => [{ type: 'text', text }] },
    execute: (args, exec) => source.call(spec.name, args ?? {}, exec.signal),
    presentCall: (args) => ({ card: 'generic', title: spec.name, kind: spec.effect === 'read' ? 'read' : 'execute', rawInput: args ?? {}, origin: { kind: 'page', title: spec.name } }),
  })
}

export async function apply(ctx: Context, config: Config): Promise<void> {
  const { source } = config
  const registered = new Map<string, { spec: PageToolSpec; dispose: () => void }>()
  // The eval-free validator is its own chunk: loaded with the first page tool, never for a page that declares none.
  let compile: ((schema: unknown) => (value: unknown) => string[]) | undefined
  const sync = async () => {
    const specs = new Map(source.tools().map((spec) => [spec.name, spec]))
    if (specs.size > 0 && !compile) {
      try {
        compile = (await import('../tools/external-schema.ts')).compileExternalSchema
      } catch (error) { // the validator chunk did not load: no page tool can be checked, so none registers
        for (const spec of specs.values()) source.reject(spec.name, `argument validator unavailable: ${(error as Error).message}`)
        return
      }
    }
    for (const [toolName, entry] of registered) {
      if (specs.get(toolName) === entry.spec) continue
      entry.dispose()
      registered.delete(toolName)
    }
    for (const spec of specs.values()) {
      if (registered.has(spec.name) || !compile) continue
      try {
        registered.set(spec.name, { spec, dispose: ctx.tools.register(pageTool(spec, compile(spec.parameters), source)) })
      } catch (error) { // a name another tool holds, or parameters the validator cannot compile
        source.reject(spec.name, (error as Error).message)
      }
    }
  }
  // One sync at a time, in the order the page's changes arrived.
  let syncing = sync()
  ctx.effect(() => source.onChange(() => { syncing = syncing.then(sync) }), 'tool-page: follow the page')
  await syncing
}
