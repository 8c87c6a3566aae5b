/**
 * Strict prompt rendering: `{{name}}` interpolation (unknown, undefined or malformed with a later
 * `}}` throws; a lone `{{` is literal; values are not rescanned), section joining and the runtime
 * context snapshot. Plane: shared; pure.
 * @module prompt/render
 */
import type { PromptAssembly } from './types.ts'

export const VARIABLE_NAME = /^[a-z][a-z0-9_]*$/

/** The fixed first line of a runtime-context snapshot. */
export const RUNTIME_CONTEXT_PREAMBLE = 'Current runtime context (supersedes any earlier runtime context):'

export class PromptRenderError extends Error {
  override name = 'PromptRenderError'
}

/** Interpolates `{{name}}` in `text` from `variables`; `where` names the section in errors. */
export function renderTemplate(text: string, variables: Readonly<Record<string, string | undefined>>, where = 'prompt'): string {
  let out = ''
  let at = 0
  for (;;) {
    const open = text.indexOf('{{', at)
    if (open < 0) break
    const close = text.indexOf('}}', open + 2)
    if (close < 0) break
    const name = text.slice(open + 2, close)
    if (!VARIABLE_NAME.test(name)) throw new PromptRenderError(`${where}: malformed placeholder {{${name}}}`)
    if (!Object.hasOwn(variables, name)) throw new PromptRenderError(`${where}: unknown variable {{${name}}}`)
    const value = variables[name]
    if (value === undefined) throw new PromptRenderError(`${where}: variable {{${name}}} has no value`)
    out += text.slice(at, open) + value
    at = close + 2
  }
  return out + text.slice(at)
}

function renderAll(entries: readonly { name: string; text: string }[], variables: PromptAssembly['variables']): string[] {
  return entries.map((entry) => renderTemplate(entry.text, variables, entry.name)).filter((text) => text.trim() !== '')
}

/** The system prompt text: rendered non-empty sections joined by a blank line. */
export function renderPrompt(assembly: PromptAssembly): string {
  return renderAll(assembly.sections, assembly.variables).join('\n\n')
}

/** The runtime-context snapshot: preamble + rendered non-empty contexts, or '' when none. */
export function joinContextSections(contexts: PromptAssembly['contexts'], variables: PromptAssembly['variables'] = {}): string {
  const parts = renderAll(contexts, variables)
  return parts.length === 0 ? '' : [RUNTIME_CONTEXT_PREAMBLE, ...parts].join('\n\n')
}
