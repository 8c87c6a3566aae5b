/**
 * The one composition of plugins, as data: ordered entries with stable ids that patches name.
 * Plane: worker/shared. The only file that imports every plugin; the worker, Node tests and demos
 * boot this same list. Add a plugin with one line: `{ id: '<kebab-id>', plugin: X, config?: {...} }`.
 * @module kernel/compose
 */
import LlmRuntime from '../llm/index.ts'
import ToolRegistry from '../tools/index.ts'
import type { CompositionEntry } from './types.ts'

/** Default entries in mount order. Ids are public API: host pages patch by them. */
export const composition: readonly CompositionEntry[] = Object.freeze([
  { id: 'llm', plugin: LlmRuntime },
  { id: 'tools', plugin: ToolRegistry },
])
