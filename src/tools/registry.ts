/**
 * `ctx.tools`: the scoped tool registry (register, restrict, guard, get, schemas) and the entry
 * to the execution pipeline. Plane: worker. Contract: every registration is an effect of the
 * calling fiber (disposing that plugin removes it); `execute()` never rejects.
 * @module tools/registry
 */
import { Context, Service } from '@deepseek-ai/cordis'
import type { ToolSchema } from '../llm/types.ts'
import { eventBus, type CoreService } from '../kernel/cordis/service.ts'
import type { ExecutionMode, ToolDefinition, ToolExecutionInput, ToolExecutionResult, ToolGuard } from './types.ts'
import type {} from './events.ts'
import type { ToolRestriction, ToolScope } from './layers.ts'
import { assertToolDefinition, isDefinedTool } from './define-tool.ts'
import { assertToolOrderShape } from './tool-order.ts'
import type { ToolCall } from './pipeline.ts'
import { ToolRegistryCore, type PendingCall } from './registry-core.ts'

export type { PendingCall }

export interface Config {
  /** Prompt order of tool schemas; must contain `<unlisted-tools>` once. Default: code-unit order. */
  toolOrder?: string[]
}

export interface ScopeOption {
  /** The agent whose layer receives the registration; omitted = global. */
  scope?: ToolScope
}

/** The `ctx.tools` façade (kernel/cordis/service): registrations as effects of the calling fiber; the rest is `core`'s. */
export class ToolRegistry extends Service implements CoreService<ToolRegistryCore> {
  readonly core: ToolRegistryCore

  constructor(ctx: Context, config: Config = {}) {
    super(ctx, 'tools')
    if (config.toolOrder !== undefined) assertToolOrderShape(config.toolOrder)
    this.core = new ToolRegistryCore(ctx, eventBus(ctx), config.toolOrder ? Object.freeze([...config.toolOrder]) : undefined)
  }

  /** The configured prompt order of tool names, if any (the prompt assembly applies it too). */
  get toolOrder(): readonly string[] | undefined {
    return this.core.toolOrder
  }

  private reversible(label: string, add: () => () => void): () => void {
    const dispose = this.ctx.effect(() => {
      const remove = add()
      this.ctx.emit('tools/change')
      return () => {
        remove()
        this.ctx.emit('tools/change')
      }
    }, label)
    return () => void dispose()
  }

  /**
   * Registers a tool globally or, with `{scope: agent}`, for that agent only (shadowing a global
   * of the same name). A duplicate within one layer throws.
   * @returns the disposer; disposing the calling plugin also removes the tool.
   */
  register(definition: ToolDefinition, options: ScopeOption = {}): () => void {
    if (!isDefinedTool(definition)) assertToolDefinition(definition)
    return this.reversible('tools.register()', () => this.core.layers.addTool(definition, options.scope))
  }

  /**
   * Registers several tools as one registration: all or none (a duplicate throws and adds nothing),
   * one disposer, one `tools/change` each way. Cheaper at boot than a `register` per tool.
   */
  registerAll(definitions: readonly ToolDefinition[], options: ScopeOption = {}): () => void {
    for (const definition of definitions) if (!isDefinedTool(definition)) assertToolDefinition(definition)
    return this.reversible('tools.registerAll()', () => {
      const removals: (() => void)[] = []
      try {
        for (const definition of definitions) removals.push(this.core.layers.addTool(definition, options.scope))
      } catch (error) {
        for (const remove of removals) remove()
        throw error
      }
      return () => removals.forEach((remove) => remove())
    })
  }

  /** Hides global tools from `scope` (`allow` keeps only, `deny` removes); restrictions intersect. */
  restrict(filter: ToolRestriction, scope: ToolScope): () => void {
    if (typeof scope !== 'object' || scope === null) throw new TypeError('tools.restrict() needs a scope (the agent)')
    return this.reversible('tools.restrict()', () => this.core.layers.addRestriction(filter, scope))
  }

  /** Adds a synchronous deny-only guard (global, or for one scope); a returned string denies. */
  guard(guard: ToolGuard, options: ScopeOption = {}): () => void {
    if (typeof guard !== 'function') throw new TypeError('tools.guard() needs a function')
    const dispose = this.ctx.effect(() => this.core.layers.addGuard(guard, options.scope), 'tools.guard()')
    return () => void dispose()
  }

  get(name: string, scope?: ToolScope): ToolDefinition | undefined {
    return this.core.get(name, scope)
  }

  schemas(scope?: ToolScope): ToolSchema[] {
    return this.core.schemas(scope)
  }

  knownNames(scope?: ToolScope): ReadonlySet<string> {
    return this.core.knownNames(scope)
  }

  executionMode(call: PendingCall): ExecutionMode {
    return this.core.executionMode(call)
  }

  /** Starts one call in the calling context. */
  begin(input: ToolExecutionInput): ToolCall {
    return this.core.begin(input, this.ctx)
  }

  /** Runs one call through the whole pipeline in the calling context; never rejects. */
  async execute(input: ToolExecutionInput): Promise<ToolExecutionResult> {
    return this.core.execute(input, this.ctx)
  }
}

export default ToolRegistry
