/**
 * `ctx.systemPrompt`: registry of sections, runtime contexts, variables and tool providers, and
 * `assemble()` (dsh contracts §6.1–6.2); the `Service` façade over `PromptCore` (kernel/cordis/service). Plane: worker. Contract: registrations are effects of
 * the calling fiber and emit `system-prompt/change`; unchanged inputs assemble to equal output.
 * @module prompt/registry
 */
import { Context, Service } from '@deepseek-ai/cordis'
import type {} from '../tools/events.ts'
import { addNamed, type PromptLayer } from './layers.ts'
import { completeSection } from './assemble.ts'
import { VARIABLE_NAME } from './render.ts'
import { eventBus, type CoreService } from '../kernel/cordis/service.ts'
import { PromptCore } from './prompt-core.ts'
import type { PromptAssembly, PromptContext, PromptContextSection, PromptScopeOption, PromptSection, ToolProvider, VariableProvider } from './types.ts'

declare module '@deepseek-ai/cordis' {
  interface Context {
    systemPrompt: SystemPromptRegistry
  }
  interface Events {
    /**
     * Authoritative last word on an assembly; a `complete` section and suppression are re-applied after.
     * @mode waterfall
     */
    'system-prompt/assemble'(assembly: PromptAssembly, ctx: PromptContext, next: () => Promise<PromptAssembly>): Promise<PromptAssembly>
    /**
     * A section, context, variable, tool provider or suppressor was added or removed.
     * @mode emit
     */
    'system-prompt/change'(): void
  }
}

export interface Config {
  /** The `deployment:persona` section (order 0); omitted = none. */
  persona?: string
}

function assertEntry(entry: { name: string; order: number; text: unknown }, what: string): void {
  if (typeof entry?.name !== 'string' || entry.name === '') throw new TypeError(`${what} needs a non-empty name`)
  if (!Number.isFinite(entry.order)) throw new TypeError(`${what} ${JSON.stringify(entry.name)} needs a finite order, got ${entry.order}`)
  if (typeof entry.text !== 'string' && typeof entry.text !== 'function') throw new TypeError(`${what} ${JSON.stringify(entry.name)} needs text (a string or a function)`)
}

/** The `ctx.systemPrompt` façade (kernel/cordis/service): registrations as effects of the calling fiber; `assemble` is the core's. */
export class SystemPromptRegistry extends Service implements CoreService<PromptCore> {
  readonly core: PromptCore

  constructor(ctx: Context, config: Config = {}) {
    super(ctx, 'systemPrompt')
    if (config.persona !== undefined && typeof config.persona !== 'string') throw new TypeError('systemPrompt persona must be a string')
    this.core = new PromptCore(ctx, eventBus(ctx), config.persona)
  }

  private reversible(label: string, scope: object | undefined, add: (layer: PromptLayer) => () => void): () => void {
    const dispose = this.ctx.effect(() => {
      const remove = add(this.core.layers.layer(scope))
      this.ctx.emit('system-prompt/change')
      return () => {
        remove()
        this.ctx.emit('system-prompt/change')
      }
    }, label)
    return () => void dispose()
  }

  /** Adds a prompt section; a scoped one shadows a global one of the same name. */
  section(section: PromptSection, options: PromptScopeOption = {}): () => void {
    assertEntry(section, 'prompt section')
    return this.reversible('systemPrompt.section()', options.scope, (layer) => {
      const remove = addNamed(layer.sections, section.name, section, 'prompt section')
      try {
        completeSection(this.core.layers.chain(options.scope))
      } catch (error) {
        remove()
        throw error
      }
      return remove
    })
  }

  /** Adds a runtime context (rendered into the snapshot after history, never into the prompt). */
  context(context: PromptContextSection, options: PromptScopeOption = {}): () => void {
    assertEntry(context, 'prompt context')
    return this.reversible('systemPrompt.context()', options.scope, (layer) => addNamed(layer.contexts, context.name, context, 'prompt context'))
  }

  /** While active, assemblies for that layer carry no contexts. */
  suppressRuntimeContext(options: PromptScopeOption = {}): () => void {
    return this.reversible('systemPrompt.suppressRuntimeContext()', options.scope, (layer) => {
      layer.suppressors++
      return () => void layer.suppressors--
    })
  }

  /** Adds a tool-schema provider (the registry's own provider reads `ctx.tools`). */
  tools(provider: ToolProvider, options: PromptScopeOption = {}): () => void {
    if (typeof provider !== 'function') throw new TypeError('systemPrompt.tools() needs a function')
    return this.reversible('systemPrompt.tools()', options.scope, (layer) => {
      layer.tools.push(provider)
      return () => void layer.tools.splice(layer.tools.indexOf(provider), 1)
    })
  }

  /** Adds a `{{name}}` variable (`[a-z][a-z0-9_]*`); scoped shadows global. */
  variable(name: string, provider: VariableProvider, options: PromptScopeOption = {}): () => void {
    if (!VARIABLE_NAME.test(name)) throw new TypeError(`prompt variable name ${JSON.stringify(name)} must match ${VARIABLE_NAME}`)
    if (typeof provider !== 'function') throw new TypeError(`prompt variable ${JSON.stringify(name)} needs a function`)
    return this.reversible('systemPrompt.variable()', options.scope, (layer) => addNamed(layer.variables, name, provider, 'prompt variable'))
  }

  /**
   * Assembles the prompt for `ctx.scope` (default `ctx.agent`). Throws on an assembly failure
   * (a throwing provider, two complete sections, a bad toolOrder): the loop ends the turn `error`.
   */
  assemble(ctx: PromptContext = {}): Promise<PromptAssembly> {
    return this.core.assemble(ctx)
  }
}

export default SystemPromptRegistry
