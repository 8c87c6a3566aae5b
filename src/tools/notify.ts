/**
 * The contained `tools/result` notification. Plane: worker.
 * Contract: a throwing or rejecting observer is logged and never affects the outcome or others.
 * @module tools/notify
 */
import type { Context, EventsService } from '@deepseek-ai/cordis'
import { emitContained } from '../util/contained-emit.ts'
import type { ToolExecution, ToolExecutionResult } from './types.ts'
import { errorMessage } from './errors.ts'

/** Emits `tools/result` to each observer separately, logging (not rethrowing) failures. */
export function notifyResult(ctx: Context, events: EventsService, exec: ToolExecution, result: ToolExecutionResult): void {
  emitContained(events, (error) => {
    ctx.logger('tools').warn(`tools/result observer failed for ${exec.name} (${exec.callId}): ${errorMessage(error)}`)
  }, 'tools/result', exec, result)
}
