/**
 * The system prompt's core (kernel/cordis/service): the layers of sections, runtime contexts, variables and
 * tool providers, and `assemble()` (dsh contracts §6.1–6.2). Plane: worker; a plain object — the
 * loop assembles through it every step. Contract: registers nothing (the `ctx.systemPrompt` façade
 * adds and removes through the caller's fiber); unchanged inputs assemble to equal output.
 * @module prompt/prompt-core
 */
import type { Context, EventsService } from '@deepseek-ai/cordis'
import type { ToolRegistry } from '../tools/registry.ts'
import type { ToolRegistryCore } from '../tools/registry-core.ts'
import { deepFreeze } from '../tools/json-snapshot.ts'
import { PromptLayers } from './layers.ts'
import { assembleLayers, completeSection } from './assemble.ts'
import { HARNESS_IDENTITY } from './identity.ts'
import type { PromptAssembly, PromptContext } from './types.ts'

export class PromptCore {
  readonly layers = new PromptLayers()
  /** The tool registry's core, read per assembly (tools come and go with their plugin). */
  readonly #tools: () => ToolRegistryCore | undefined

  /**
   * @param ctx the registry's own context (the tool registry is looked up in it)
   * @param events the bus (kernel/cordis/service `eventBus`)
   * @param persona the `deployment:persona` section text, if any
   */
  constructor(ctx: Context, private readonly events: EventsService, persona: string | undefined) {
    const reflect = ctx.reflect
    this.#tools = () => (reflect.get('tools') as ToolRegistry | undefined)?.core
    const global = this.layers.global
    global.sections.set(HARNESS_IDENTITY.name, HARNESS_IDENTITY)
    if (persona !== undefined) global.sections.set('deployment:persona', { name: 'deployment:persona', order: 0, text: persona })
    global.tools.push((pctx) => {
      const tools = this.#tools()
      return tools ? { schemas: tools.schemas(pctx.scope), knownNames: tools.knownNames(pctx.scope) } : { schemas: [] }
    })
  }

  /**
   * Assembles the prompt for `ctx.scope` (default `ctx.agent`). Throws on an assembly failure
   * (a throwing provider, two complete sections, a bad toolOrder): the loop ends the turn `error`.
   */
  async assemble(ctx: PromptContext = {}): Promise<PromptAssembly> {
    const scope = ctx.scope ?? ctx.agent
    const pctx: PromptContext = { ...(scope ? { scope } : {}), ...(ctx.agent ? { agent: ctx.agent } : {}), ...(ctx.signal ? { signal: ctx.signal } : {}) }
    const chain = this.layers.chain(scope)
    const base = assembleLayers(chain, pctx, this.#tools()?.toolOrder)
    const decided = (await this.events.waterfall('system-prompt/assemble', base, pctx, async () => base)) as PromptAssembly
    if (typeof decided !== 'object' || decided === null || !Array.isArray(decided.sections) || !Array.isArray(decided.contexts) || !Array.isArray(decided.tools)) {
      throw new TypeError('system-prompt/assemble returned no assembly')
    }
    const complete = completeSection(chain)
    const suppressed = chain.some((layer) => layer.suppressors > 0)
    return deepFreeze({
      sections: complete === undefined ? [...decided.sections] : base.sections,
      contexts: suppressed ? [] : [...decided.contexts],
      tools: [...decided.tools],
      variables: { ...decided.variables },
    })
  }
}
