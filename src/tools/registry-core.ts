/**
 * The tool registry's core (kernel/cordis/service): the layers of tools, restrictions and guards, schemas
 * in prompt order, classification and the entry to the execution pipeline. Plane: worker; a plain
 * object — the loop, the permissions plugin and tool-timeout call it per tool call.
 * Contract: registers nothing (the `ctx.tools` façade adds and removes through the caller's fiber).
 * @module tools/registry-core
 */
import type { Context, EventsService } from '@deepseek-ai/cordis'
import type { ToolSchema } from '../llm/types.ts'
import type { JsonValue } from '../util/json.ts'
import type { ExecutionMode, ToolDefinition, ToolExecution, ToolExecutionInput, ToolExecutionResult } from './types.ts'
import { ToolLayers, type ToolScope } from './layers.ts'
import { orderToolSchemas } from './tool-order.ts'
import { snapshotJson } from './json-snapshot.ts'
import { argumentProblems } from './json-schema.ts'
import { ToolCall } from './pipeline.ts'

/** What a scheduler needs to classify a pending call. */
export interface PendingCall {
  name: string
  args: JsonValue | undefined
  agent?: ToolExecution['agent']
}

export class ToolRegistryCore {
  readonly layers = new ToolLayers()
  /** Frozen parameter snapshots per definition, shared by every `schemas()` call. */
  readonly #parameterSnapshots = new WeakMap<ToolDefinition, JsonValue>()

  /**
   * @param ctx the registry's own context (the pipeline's default context)
   * @param events the bus (kernel/cordis/service `eventBus`)
   * @param toolOrder the configured prompt order of tool names, if any
   */
  constructor(readonly ctx: Context, readonly events: EventsService, readonly toolOrder: readonly string[] | undefined) {}

  /** The definition `scope` resolves for `name` (exact match), or undefined if unknown or hidden. */
  get(name: string, scope?: ToolScope): ToolDefinition | undefined {
    return this.layers.lookup(name, scope)
  }

  /** Model-facing schemas (`name`, `description`, deep-frozen copy of `parameters` only) in prompt order. */
  schemas(scope?: ToolScope): ToolSchema[] {
    const schemas = [...this.layers.view(scope).values()].map((definition) => ({
      name: definition.name,
      description: definition.description,
      parameters: this.#parametersOf(definition),
    }))
    return orderToolSchemas(schemas, this.toolOrder, this.layers.knownNames(scope))
  }

  /** Every registered name `scope` could know, visible or restricted away (unordered). */
  knownNames(scope?: ToolScope): ReadonlySet<string> {
    return this.layers.knownNames(scope)
  }

  #parametersOf(definition: ToolDefinition): JsonValue {
    let snapshot = this.#parameterSnapshots.get(definition)
    if (snapshot === undefined) this.#parameterSnapshots.set(definition, (snapshot = snapshotJson(definition.parameters)))
    return snapshot
  }

  /** `parallel` only when the args are valid and the visible tool's `isConcurrencySafe(args)` returns exactly `true`. */
  executionMode(call: PendingCall): ExecutionMode {
    const tool = this.layers.lookup(call.name, call.agent)
    if (!tool?.isConcurrencySafe || call.args === undefined) return 'exclusive'
    if (argumentProblems(tool, call.args).length > 0) return 'exclusive'
    try {
      return tool.isConcurrencySafe(call.args) === true ? 'parallel' : 'exclusive'
    } catch {
      return 'exclusive'
    }
  }

  /** Starts one call through the pipeline in phases (the batch scheduler interleaves them), in `ctx`. */
  begin(input: ToolExecutionInput, ctx: Context = this.ctx): ToolCall {
    return new ToolCall(ctx, this.events, this.layers, input)
  }

  /** Runs one call through the whole pipeline; never rejects. */
  execute(input: ToolExecutionInput, ctx: Context = this.ctx): Promise<ToolExecutionResult> {
    return this.begin(input, ctx).complete()
  }
}
