/**
 * Pure assembly steps of §6.2 over a layer chain: variables (nearest wins), sections and contexts
 * merged by name and stable-sorted by order, tool schemas from every provider in deterministic
 * order, suppression. Plane: shared; pure except for calling the registered providers.
 * @module prompt/assemble
 */
import type { ToolSchema } from '../llm/types.ts'
import { orderToolSchemas } from '../tools/tool-order.ts'
import { isSnapshot, snapshotJson } from '../tools/json-snapshot.ts'
import type { PromptLayer } from './layers.ts'
import type { PromptAssembly, PromptContext, PromptText } from './types.ts'

function textOf(text: PromptText, ctx: PromptContext, name: string): string {
  const value = typeof text === 'function' ? text(ctx) : text
  if (typeof value !== 'string') throw new TypeError(`prompt entry ${JSON.stringify(name)} produced ${typeof value}, not a string`)
  return value
}

function merged<T extends { name: string; order: number }>(chain: readonly PromptLayer[], pick: (layer: PromptLayer) => Map<string, T>): T[] {
  const byName = new Map<string, T>()
  for (const layer of chain) for (const [name, entry] of pick(layer)) byName.set(name, entry)
  return [...byName.values()].sort((a, b) => a.order - b.order)
}

function variables(chain: readonly PromptLayer[], ctx: PromptContext): Record<string, string | undefined> {
  const providers = new Map<string, (ctx: PromptContext) => string | undefined>()
  for (const layer of chain) for (const [name, provider] of layer.variables) providers.set(name, provider)
  const out: Record<string, string | undefined> = {}
  for (const [name, provider] of providers) {
    const value = provider(ctx)
    if (value !== undefined && typeof value !== 'string') throw new TypeError(`prompt variable ${JSON.stringify(name)} produced ${typeof value}, not a string`)
    out[name] = value
  }
  return out
}

function tools(chain: readonly PromptLayer[], ctx: PromptContext, toolOrder: readonly string[] | undefined): ToolSchema[] {
  const schemas = new Map<string, ToolSchema>()
  const known = new Set<string>()
  for (const layer of chain) {
    for (const provider of layer.tools) {
      const provided = provider(ctx)
      for (const { name, description, parameters } of provided.schemas) {
        schemas.set(name, { name, description, parameters: isSnapshot(parameters) ? parameters : snapshotJson(parameters) })
        known.add(name)
      }
      for (const name of provided.knownNames ?? []) known.add(name)
    }
  }
  return orderToolSchemas([...schemas.values()], toolOrder, known)
}

/** The complete section, if exactly one is effective; more than one throws. */
export function completeSection(chain: readonly PromptLayer[]): string | undefined {
  const complete = merged(chain, (layer) => layer.sections).filter((section) => section.complete === true)
  if (complete.length > 1) throw new Error(`more than one complete prompt section: ${complete.map((s) => JSON.stringify(s.name)).join(', ')}`)
  return complete[0]?.name
}

/** Steps 1–5 of §6.2 (the waterfall and restoration are the registry's). */
export function assembleLayers(chain: readonly PromptLayer[], ctx: PromptContext, toolOrder: readonly string[] | undefined): PromptAssembly {
  const complete = completeSection(chain)
  const sections = merged(chain, (layer) => layer.sections)
    .filter((section) => complete === undefined || section.name === complete)
    .map((section) => ({ name: section.name, text: textOf(section.text, ctx, section.name) }))
  const suppressed = chain.some((layer) => layer.suppressors > 0)
  const contexts = suppressed ? [] : merged(chain, (layer) => layer.contexts).map((entry) => ({ name: entry.name, text: textOf(entry.text, ctx, entry.name) }))
  return { sections, contexts, tools: tools(chain, ctx, toolOrder), variables: variables(chain, ctx) }
}
