/**
 * Timeout policy: enforces a tool's `timeoutMs` through the `tools/execute` wrapper by adding a
 * deadline signal (fused with the caller's by the registry); for a tool with `maxTimeoutMs`, each
 * `tools/progress` of the call restarts the deadline, never past `maxTimeoutMs` from the start. Plane: worker.
 * Contract: its own expiry ⇒ `TOOL_TIMEOUT` (`ToolTimeoutError`); cooperative — it waits for the body.
 * @module plugins/tool-timeout
 */
import type { Context } from '@deepseek-ai/cordis'
import type {} from '../../tools/events.ts'
import { errorResult, ToolError, toolTimeoutError } from '../../tools/errors.ts'
import { fuseSignals } from '../../tools/fuse-signals.ts'

export const name = 'tool-timeout'
export const inject = ['tools']

export interface Config {
  /** Deadline for tools that declare no `timeoutMs`; omitted = none. */
  defaultTimeoutMs?: number
}

export function apply(ctx: Context, config: Config = {}): void {
  const fallback = config.defaultTimeoutMs
  if (fallback !== undefined && !(Number.isFinite(fallback) && fallback > 0)) throw new TypeError('tool-timeout defaultTimeoutMs must be a positive finite number')
  const tools = ctx.tools.core // kernel/cordis/service: read per tool call
  /** Running calls whose deadline progress may push back, by execution token. */
  const extendable = new Map<symbol, () => void>()
  ctx.on('tools/progress', (exec) => extendable.get(exec.token)?.())
  ctx.on('tools/execute', async (exec, next) => {
    const tool = tools.get(exec.name, exec.agent)
    const timeoutMs = tool?.timeoutMs ?? fallback
    if (timeoutMs === undefined) return next()
    const started = Date.now()
    const deadline = new AbortController()
    let expired = toolTimeoutError(exec.name, timeoutMs)
    let timer = setTimeout(() => deadline.abort(expired), timeoutMs)
    const maxTimeoutMs = tool?.timeoutMs !== undefined ? tool.maxTimeoutMs : undefined
    if (maxTimeoutMs !== undefined) {
      extendable.set(exec.token, () => {
        if (deadline.signal.aborted) return
        clearTimeout(timer)
        const left = Math.max(0, maxTimeoutMs - (Date.now() - started))
        const next = Math.min(timeoutMs, left)
        expired = next === left ? toolTimeoutError(exec.name, maxTimeoutMs)
          : new ToolError('ToolTimeoutError', 'TOOL_TIMEOUT', `tool ${JSON.stringify(exec.name)} timed out: no progress for ${timeoutMs}ms`)
        timer = setTimeout(() => deadline.abort(expired), next)
      })
    }
    const previous = exec.signal
    const fused = fuseSignals(previous, deadline.signal)
    const writable = exec as { signal: AbortSignal }
    writable.signal = fused.signal
    try {
      const result = await next()
      return deadline.signal.aborted ? errorResult(expired, result.additionalContexts) : result
    } finally {
      clearTimeout(timer)
      extendable.delete(exec.token)
      fused.dispose()
      writable.signal = previous
    }
  })
}
