/**
 * The contained `tools/result` and `tools/progress` notifications. Plane: worker.
 * Contract: a throwing or rejecting observer is logged and never affects the outcome or others.
 * @module tools/notify
 */
import type { Context, EventsService } from '@deepseek-ai/cordis'
import { emitContained } from '../util/contained-emit.ts'
import type { ToolExecution, ToolExecutionResult, ToolProgress } from './types.ts'
import { errorMessage } from './errors.ts'

/** Emits `tools/result` to each observer separately, logging (not rethrowing) failures. */
export function notifyResult(ctx: Context, events: EventsService, exec: ToolExecution, result: ToolExecutionResult): void {
  emitContained(events, (error) => {
    ctx.logger('tools').warn(`tools/result observer failed for ${exec.name} (${exec.callId}): ${errorMessage(error)}`)
  }, 'tools/result', exec, result)
}

/** Emits `tools/progress` (a frozen copy of a well-formed report; a malformed one is dropped) to each observer separately. */
export function notifyProgress(ctx: Context, events: EventsService, exec: ToolExecution, update: ToolProgress): void {
  if (!Number.isFinite(update?.progress)) return
  const progress: ToolProgress = Object.freeze({
    progress: update.progress,
    ...(Number.isFinite(update.total) ? { total: update.total } : {}),
    ...(typeof update.message === 'string' && update.message !== '' ? { message: update.message.slice(0, 200) } : {}),
  })
  emitContained(events, (error) => {
    ctx.logger('tools').warn(`tools/progress observer failed for ${exec.name} (${exec.callId}): ${errorMessage(error)}`)
  }, 'tools/progress', exec, progress)
}
