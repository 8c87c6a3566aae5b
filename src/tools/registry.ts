/**
 * `ctx.tools`: the scoped tool registry (register, restrict, guard, get, schemas) and the entry
 * to the execution pipeline. Plane: worker. Contract: every registration is an effect of the
 * calling fiber (disposing that plugin removes it); `execute()` never rejects.
 * @module tools/registry
 */
import { Context, Service, type EventsService } from '@deepseek-ai/cordis'
import type { ToolSchema } from '../llm/types.ts'
import { unwrapService } from '../util/service.ts'
import type { ExecutionMode, JsonSchemaNode, ToolDefinition, ToolExecution, ToolExecutionInput, ToolExecutionResult, ToolGuard } from './types.ts'
import type { JsonValue } from '../util/json.ts'
import type {} from './events.ts'
import { ToolLayers, type ToolRestriction, type ToolScope } from './layers.ts'
import { assertToolDefinition } from './define-tool.ts'
import { assertToolOrderShape, orderToolSchemas } from './tool-order.ts'
import { snapshotJson } from './json-snapshot.ts'
import { validateJson } from './json-schema.ts'
import { ToolCall } from './pipeline.ts'

export interface Config {
  /** Prompt order of tool schemas; must contain `<unlisted-tools>` once. Default: code-unit order. */
  toolOrder?: string[]
}

export interface ScopeOption {
  /** The agent whose layer receives the registration; omitted = global. */
  scope?: ToolScope
}

/** What a scheduler needs to classify a pending call. */
export interface PendingCall {
  name: string
  args: JsonValue | undefined
  agent?: ToolExecution['agent']
}

export class ToolRegistry extends Service {
  private readonly layers = new ToolLayers()
  /** Plain holder read by every call: context mixins cost a proxy trap per access. */
  private readonly hot: { readonly events: EventsService }
  /** Frozen parameter snapshots per definition, shared by every `schemas()` call. */
  private readonly parameterSnapshots = new WeakMap<ToolDefinition, JsonValue>()
  private readonly configuredOrder: readonly string[] | undefined

  constructor(ctx: Context, config: Config = {}) {
    super(ctx, 'tools')
    this.hot = { events: unwrapService(ctx.events) }
    if (config.toolOrder !== undefined) assertToolOrderShape(config.toolOrder)
    this.configuredOrder = config.toolOrder ? Object.freeze([...config.toolOrder]) : undefined
  }

  /** The configured prompt order of tool names, if any (the prompt assembly applies it too). */
  get toolOrder(): readonly string[] | undefined {
    return this.configuredOrder
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
    assertToolDefinition(definition)
    return this.reversible('tools.register()', () => this.layers.addTool(definition, options.scope))
  }

  /** Hides global tools from `scope` (`allow` keeps only, `deny` removes); restrictions intersect. */
  restrict(filter: ToolRestriction, scope: ToolScope): () => void {
    if (typeof scope !== 'object' || scope === null) throw new TypeError('tools.restrict() needs a scope (the agent)')
    return this.reversible('tools.restrict()', () => this.layers.addRestriction(filter, scope))
  }

  /** Adds a synchronous deny-only guard (global, or for one scope); a returned string denies. */
  guard(guard: ToolGuard, options: ScopeOption = {}): () => void {
    if (typeof guard !== 'function') throw new TypeError('tools.guard() needs a function')
    const dispose = this.ctx.effect(() => this.layers.addGuard(guard, options.scope), 'tools.guard()')
    return () => void dispose()
  }

  /** The definition `scope` resolves for `name` (exact match), or undefined if unknown or hidden. */
  get(name: string, scope?: ToolScope): ToolDefinition | undefined {
    return this.layers.lookup(name, scope)
  }

  /** Model-facing schemas (`name`, `description`, deep-frozen copy of `parameters` only) in prompt order. */
  schemas(scope?: ToolScope): ToolSchema[] {
    const schemas = [...this.layers.view(scope).values()].map((definition) => ({
      name: definition.name,
      description: definition.description,
      parameters: this.parametersOf(definition),
    }))
    return orderToolSchemas(schemas, this.configuredOrder, this.layers.knownNames(scope))
  }

  /** Every registered name `scope` could know, visible or restricted away (unordered). */
  knownNames(scope?: ToolScope): ReadonlySet<string> {
    return this.layers.knownNames(scope)
  }

  private parametersOf(definition: ToolDefinition): JsonValue {
    let snapshot = this.parameterSnapshots.get(definition)
    if (snapshot === undefined) this.parameterSnapshots.set(definition, (snapshot = snapshotJson(definition.parameters)))
    return snapshot
  }

  /** `parallel` only when the args are valid and the visible tool's `isConcurrencySafe(args)` returns exactly `true`. */
  executionMode(call: PendingCall): ExecutionMode {
    const tool = this.layers.lookup(call.name, call.agent)
    if (!tool?.isConcurrencySafe || call.args === undefined) return 'exclusive'
    if (validateJson(tool.parameters as JsonSchemaNode, call.args).length > 0) return 'exclusive'
    try {
      return tool.isConcurrencySafe(call.args) === true ? 'parallel' : 'exclusive'
    } catch {
      return 'exclusive'
    }
  }

  /** Starts one call through the pipeline in phases (the batch scheduler interleaves them). */
  begin(input: ToolExecutionInput): ToolCall {
    return new ToolCall(this.ctx, this.hot.events, this.layers, input)
  }

  /** Runs one call through the whole pipeline; never rejects. */
  async execute(input: ToolExecutionInput): Promise<ToolExecutionResult> {
    return this.begin(input).complete()
  }
}

export default ToolRegistry
