/**
 * The system-prompt seam: `ctx.systemPrompt` (SystemPromptRegistry, default export) and the pure
 * renderers the loop uses. Plane: worker. Contract: see README.md and dsh contracts §6.
 * @module prompt/index
 */
export { SystemPromptRegistry as default, SystemPromptRegistry, type Config } from './registry.ts'
export { renderPrompt, renderTemplate, joinContextSections, PromptRenderError, RUNTIME_CONTEXT_PREAMBLE } from './render.ts'
export { HARNESS_IDENTITY } from './identity.ts'
export type * from './types.ts'
