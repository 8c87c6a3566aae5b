/**
 * Deterministic tool-schema order for the prompt: configured `toolOrder` with one
 * `<unlisted-tools>` slot for the code-unit-sorted rest, else plain code-unit order.
 * Plane: shared; pure. Contract: the same inputs always give the same order (cache-friendly).
 * @module tools/tool-order
 */
import type { ToolSchema } from '../llm/types.ts'

/** The marker inside `toolOrder` where every unlisted visible tool goes. */
export const TOOL_ORDER_REST = '<unlisted-tools>'

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** Checks the shape of a `toolOrder` list: strings, no duplicates, the marker exactly once. */
export function assertToolOrderShape(order: readonly string[]): void {
  if (!Array.isArray(order) || order.some((name) => typeof name !== 'string')) throw new TypeError('toolOrder must be an array of tool names')
  const duplicates = order.filter((name, i) => order.indexOf(name) !== i)
  if (duplicates.length > 0) throw new TypeError(`toolOrder lists ${duplicates.map((n) => JSON.stringify(n)).join(', ')} more than once`)
  if (!order.includes(TOOL_ORDER_REST)) throw new TypeError(`toolOrder must contain the ${TOOL_ORDER_REST} slot exactly once`)
}

/**
 * Orders `schemas` (the visible tools). `knownNames` are all registered names, visible or not:
 * a listed name outside it throws (a typo), a known but hidden name is simply absent.
 */
export function orderToolSchemas<T extends ToolSchema>(schemas: readonly T[], toolOrder: readonly string[] | undefined, knownNames: ReadonlySet<string>): T[] {
  if (schemas.some((schema) => schema.name === TOOL_ORDER_REST)) throw new TypeError(`a tool may not be named ${TOOL_ORDER_REST}`)
  const sorted = [...schemas].sort((a, b) => byCodeUnit(a.name, b.name))
  if (toolOrder === undefined) return sorted
  assertToolOrderShape(toolOrder)
  const unknown = toolOrder.filter((name) => name !== TOOL_ORDER_REST && !knownNames.has(name))
  if (unknown.length > 0) throw new TypeError(`toolOrder names unknown tool${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => JSON.stringify(n)).join(', ')}`)
  const byName = new Map(sorted.map((schema) => [schema.name, schema]))
  const listed = new Set(toolOrder)
  const rest = sorted.filter((schema) => !listed.has(schema.name))
  return toolOrder.flatMap((name) => (name === TOOL_ORDER_REST ? rest : byName.has(name) ? [byName.get(name)!] : []))
}
