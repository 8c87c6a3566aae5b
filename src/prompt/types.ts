/**
 * System-prompt vocabulary (dsh contracts §6): sections, contexts, variables, tool providers and
 * the assembly. Plane: shared; types only.
 * @module prompt/types
 */
import type { Agent } from '../agent-loop/types.ts'
import type { ToolSchema } from '../llm/types.ts'

/** What an assembly is for: the scope (an agent) whose registrations apply, and its signal. */
export interface PromptContext {
  scope?: object
  agent?: Agent
  signal?: AbortSignal
}

export type PromptText = string | ((ctx: PromptContext) => string)

export interface PromptSection {
  name: string
  /** Lanes: -100 harness identity, 0 persona, 100–199 tool guidance. */
  order: number
  text: PromptText
  /** This section is the whole prompt (at most one effective). */
  complete?: boolean
}

export interface PromptContextSection {
  name: string
  order: number
  text: PromptText
}

export type ToolProvider = (ctx: PromptContext) => { schemas: readonly ToolSchema[]; knownNames?: Iterable<string> }
export type VariableProvider = (ctx: PromptContext) => string | undefined

export interface PromptAssembly {
  sections: { name: string; text: string }[]
  contexts: { name: string; text: string }[]
  tools: ToolSchema[]
  variables: Record<string, string | undefined>
}

export interface PromptScopeOption {
  /** The agent whose layer receives the registration (shadows global by name); omitted = global. */
  scope?: object
}
