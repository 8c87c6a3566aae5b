/**
 * The registry's storage: one global layer plus one layer per scope (an agent), each with tools,
 * restrictions and guards, and the view a scope sees. Plane: worker; no Cordis, no I/O.
 * Contract: view = globals passing every restriction of the scope, overlaid by scoped tools.
 * @module tools/layers
 */
import type { ToolDefinition, ToolExecution, ToolGuard } from './types.ts'
import { errorMessage } from './errors.ts'

/** The key of a scoped layer: the Agent (any object) the registration belongs to. */
export type ToolScope = object

export interface ToolRestriction {
  allow?: readonly string[]
  deny?: readonly string[]
}

interface CompiledRestriction {
  allow?: ReadonlySet<string>
  deny?: ReadonlySet<string>
}

class Layer {
  readonly tools = new Map<string, ToolDefinition>()
  readonly restrictions: CompiledRestriction[] = []
  readonly guards: ToolGuard[] = []

  admits(name: string): boolean {
    return this.restrictions.every((r) => (!r.allow || r.allow.has(name)) && !r.deny?.has(name))
  }
}

function removeItem<T>(list: T[], item: T): void {
  const index = list.indexOf(item)
  if (index >= 0) list.splice(index, 1)
}

/** A guard's verdict; a throwing guard or a non-string answer denies (fail closed). */
function runGuard(guard: ToolGuard, exec: ToolExecution): string | undefined {
  let verdict: unknown
  try {
    verdict = guard(exec)
  } catch (error) {
    return `tool guard failed: ${errorMessage(error)}`
  }
  if (verdict === undefined) return undefined
  return typeof verdict === 'string' ? verdict : `tool guard returned a non-string verdict (${typeof verdict})`
}

export class ToolLayers {
  private readonly global = new Layer()
  private readonly scoped = new WeakMap<ToolScope, Layer>()

  private layer(scope: ToolScope | undefined, create = true): Layer | undefined {
    if (scope === undefined) return this.global
    let layer = this.scoped.get(scope)
    if (!layer && create) this.scoped.set(scope, (layer = new Layer()))
    return layer
  }

  /** Adds a tool to one layer; a duplicate name in that layer throws. Returns the remover. */
  addTool(definition: ToolDefinition, scope?: ToolScope): () => void {
    const tools = this.layer(scope)!.tools
    if (tools.has(definition.name)) {
      throw new Error(`tool ${JSON.stringify(definition.name)} is already registered ${scope ? 'in this scope' : 'globally'}`)
    }
    tools.set(definition.name, definition)
    return () => {
      if (tools.get(definition.name) === definition) tools.delete(definition.name)
    }
  }

  /** Adds a restriction over global tools for `scope`; names must be registered global tools. */
  addRestriction(filter: ToolRestriction, scope: ToolScope): () => void {
    if (filter.allow === undefined && filter.deny === undefined) throw new TypeError('tools.restrict() needs allow and/or deny')
    const names = [...(filter.allow ?? []), ...(filter.deny ?? [])]
    const unknown = names.filter((name) => !this.global.tools.has(name))
    if (unknown.length > 0) {
      const known = [...this.global.tools.keys()].sort().join(', ') || '(none)'
      throw new Error(`tools.restrict() names unknown global tool${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => JSON.stringify(n)).join(', ')}; known global tools: ${known}`)
    }
    const compiled: CompiledRestriction = {
      ...(filter.allow ? { allow: new Set(filter.allow) } : {}),
      ...(filter.deny ? { deny: new Set(filter.deny) } : {}),
    }
    const restrictions = this.layer(scope)!.restrictions
    restrictions.push(compiled)
    return () => removeItem(restrictions, compiled)
  }

  addGuard(guard: ToolGuard, scope?: ToolScope): () => void {
    const guards = this.layer(scope)!.guards
    const entry: ToolGuard = (exec) => guard(exec)
    guards.push(entry)
    return () => removeItem(guards, entry)
  }

  /** First denial among global guards, then the scope's guards. */
  guardReason(exec: ToolExecution): string | undefined {
    const layers = [this.global, this.layer(exec.agent, false)]
    for (const layer of layers) {
      for (const guard of layer?.guards ?? []) {
        const reason = runGuard(guard, exec)
        if (reason !== undefined) return reason
      }
    }
    return undefined
  }

  /** The tools `scope` sees, by name (scoped shadows global; restricted globals are absent). */
  view(scope?: ToolScope): Map<string, ToolDefinition> {
    const scopedLayer = scope === undefined ? undefined : this.layer(scope, false)
    const visible = new Map<string, ToolDefinition>()
    for (const [name, definition] of this.global.tools) {
      if (!scopedLayer || scopedLayer.admits(name)) visible.set(name, definition)
    }
    for (const [name, definition] of scopedLayer?.tools ?? []) visible.set(name, definition)
    return visible
  }

  /** One visible tool (same rules as {@link view}) without building the whole view. */
  lookup(name: string, scope?: ToolScope): ToolDefinition | undefined {
    const scopedLayer = scope === undefined ? undefined : this.layer(scope, false)
    const scopedTool = scopedLayer?.tools.get(name)
    if (scopedTool) return scopedTool
    const globalTool = this.global.tools.get(name)
    return globalTool && (!scopedLayer || scopedLayer.admits(name)) ? globalTool : undefined
  }

  /** Every registered name the scope could know (visible or restricted away). */
  knownNames(scope?: ToolScope): Set<string> {
    const scopedLayer = scope === undefined ? undefined : this.layer(scope, false)
    return new Set([...this.global.tools.keys(), ...(scopedLayer?.tools.keys() ?? [])])
  }
}
