/**
 * Workspace save report: a tool that changes the workspace (`effect` write or execute) is not
 * "done" until its files are saved. Around the body (`tools/execute`) it collects the paths the
 * call changed (`fs/change`), then flushes the provider (`ctx.fs.flush()`); if one of them could not
 * be saved the result becomes a named error, `WorkspaceSaveError` `WORKSPACE_NOT_SAVED` (the cause,
 * e.g. the quota, is in the message), keeping the tool's own output before it. Plane: worker.
 * Contract: a workspace provider without persistence adds nothing; read-only tools are untouched.
 * @module plugins/workspace-save
 */
import type { Context } from '@deepseek-ai/cordis'
import type {} from '../../fs/file-system.ts'
import type {} from '../../tools/events.ts'
import type { ToolExecutionResult } from '../../tools/types.ts'

export const name = 'workspace-save'
export const inject = ['tools', 'fs']

export type Config = Record<string, never>

/** The paths one change touches. */
function touched(change: { path: string; to?: string }): string[] {
  return change.to === undefined ? [change.path] : [change.path, change.to]
}

/** `result` turned into the not-saved error, the tool's own output kept before the explanation. */
function notSaved(result: ToolExecutionResult, paths: readonly string[], display: (path: string) => string, cause: { code: string; message: string }): ToolExecutionResult {
  const files = paths.map(display).join(', ')
  const message = `not saved: ${files} (${cause.code}). ${cause.message}`
  return {
    isError: true,
    error: { message, info: { name: 'WorkspaceSaveError', code: 'WORKSPACE_NOT_SAVED' } },
    content: [...result.content, { type: 'text', text: `${result.content.length > 0 ? '\n\n' : ''}Error: ${message}` }],
    ...(result.meta === undefined ? {} : { meta: result.meta }),
    ...(result.additionalContexts ? { additionalContexts: result.additionalContexts } : {}),
  }
}

export function apply(ctx: Context): void {
  const tools = ctx.tools.core // kernel/cordis/service: read per tool call
  /** Paths changed while each mutating call runs (calls that change files run alone, but jobs may overlap). */
  const collecting = new Set<Set<string>>()
  ctx.on('fs/change', (change) => {
    for (const paths of collecting) for (const path of touched(change)) paths.add(path)
  })
  ctx.on('tools/execute', async (exec, next) => {
    const effect = tools.get(exec.name, exec.agent)?.effect
    if (effect !== 'write' && effect !== 'execute') return next()
    const changed = new Set<string>()
    collecting.add(changed)
    let result: ToolExecutionResult
    try {
      result = await next()
    } finally {
      collecting.delete(changed)
    }
    if (changed.size === 0) return result
    const fs = ctx.fs
    await fs.flush()
    const state = fs.saveState()
    if (state.saved) return result
    const lost = state.unsaved.filter((path) => changed.has(path))
    return lost.length === 0 ? result : notSaved(result, lost, (path) => fs.resolve(path).displayPath, state)
  })
}
