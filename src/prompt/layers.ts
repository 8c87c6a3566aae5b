/**
 * Storage of the prompt registry: a global layer and one layer per scope, each holding named
 * sections, contexts, variables, tool providers and suppressors. Plane: shared; no Cordis.
 * Contract: a duplicate name within one layer throws; scoped entries shadow global ones by name.
 * @module prompt/layers
 */
import type { PromptContextSection, PromptSection, ToolProvider, VariableProvider } from './types.ts'

export class PromptLayer {
  readonly sections = new Map<string, PromptSection>()
  readonly contexts = new Map<string, PromptContextSection>()
  readonly variables = new Map<string, VariableProvider>()
  readonly tools: ToolProvider[] = []
  suppressors = 0
}

/** Adds `value` under `name`; returns the remover. */
export function addNamed<T>(map: Map<string, T>, name: string, value: T, what: string): () => void {
  if (map.has(name)) throw new Error(`${what} ${JSON.stringify(name)} is already registered in this layer`)
  map.set(name, value)
  return () => {
    if (map.get(name) === value) map.delete(name)
  }
}

export class PromptLayers {
  readonly global = new PromptLayer()
  private readonly scoped = new WeakMap<object, PromptLayer>()

  layer(scope: object | undefined): PromptLayer {
    if (scope === undefined) return this.global
    let layer = this.scoped.get(scope)
    if (!layer) this.scoped.set(scope, (layer = new PromptLayer()))
    return layer
  }

  /** Global first, then the scope's layer (nearest last). */
  chain(scope: object | undefined): PromptLayer[] {
    const scoped = scope === undefined ? undefined : this.scoped.get(scope)
    return scoped ? [this.global, scoped] : [this.global]
  }
}
