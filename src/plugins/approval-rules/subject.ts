/**
 * What a session allow rule matches besides the tool name: the call's subject as the tool itself
 * presents it — a terminal call's command (and working directory), a file tool's paths.
 * Plane: worker; pure. Contract: a call the tool cannot present has the empty subject, so a rule
 * for it covers every call of that tool.
 * @module plugins/approval-rules/subject
 */
import type { ToolDefinition } from '../../tools/types.ts'

export function callSubject(tool: ToolDefinition | undefined, args: unknown): string {
  if (!tool?.presentCall || args === undefined) return ''
  try {
    const view = tool.presentCall(args)
    if (!view) return ''
    if (view.card === 'terminal') return view.cwd ? `${view.title}\n(in ${view.cwd})` : view.title
    return view.locations?.join('\n') ?? ''
  } catch {
    return '' // presenters validate softly (contracts §8.1): an unpresentable call has no subject
  }
}
