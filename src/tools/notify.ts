/**
 * The contained `tools/result` notification. Plane: worker.
 * Contract: a throwing or rejecting observer is logged and never affects the outcome or others.
 * @module tools/notify
 */
import type { Context, EventsService } from '@deepseek-ai/cordis'
import type { ToolExecution, ToolExecutionResult } from './types.ts'
import { errorMessage } from './errors.ts'

/** Emits `tools/result` to each observer separately, logging (not rethrowing) failures. */
export function notifyResult(ctx: Context, events: EventsService, exec: ToolExecution, result: ToolExecutionResult): void {
  const report = (error: unknown): void => {
    ctx.logger('tools').warn(`tools/result observer failed for ${exec.name} (${exec.callId}): ${errorMessage(error)}`)
  }
  for (const callback of events.dispatch('emit', ['tools/result', exec, result])) {
    try {
      const returned: unknown = callback(exec, result)
      if (returned instanceof Promise) returned.catch(report)
    } catch (error) {
      report(error)
    }
  }
}
