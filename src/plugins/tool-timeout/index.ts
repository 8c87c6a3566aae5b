/**
 * Timeout policy: enforces a tool's `timeoutMs` through the `tools/execute` wrapper by adding a
 * deadline signal (fused with the caller's by the registry). Plane: worker.
 * Contract: its own expiry ⇒ `TOOL_TIMEOUT` (`ToolTimeoutError`); cooperative — it waits for the body.
 * @module plugins/tool-timeout
 */
import type { Context } from '@deepseek-ai/cordis'
import type {} from '../../tools/events.ts'
import { errorResult, toolTimeoutError } from '../../tools/errors.ts'
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
  ctx.on('tools/execute', async (exec, next) => {
    const timeoutMs = tools.get(exec.name, exec.agent)?.timeoutMs ?? fallback
    if (timeoutMs === undefined) return next()
    const expired = toolTimeoutError(exec.name, timeoutMs)
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(expired), timeoutMs)
    const previous = exec.signal
    const fused = fuseSignals(previous, deadline.signal)
    const writable = exec as { signal: AbortSignal }
    writable.signal = fused.signal
    try {
      const result = await next()
      return deadline.signal.aborted ? errorResult(expired, result.additionalContexts) : result
    } finally {
      clearTimeout(timer)
      fused.dispose()
      writable.signal = previous
    }
  })
}
