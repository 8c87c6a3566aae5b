/**
 * The todo tool plugin: registers `todo_write` into `ctx.tools`.
 * Plane: worker. Contract: dsh contracts §13; the list is logged as `todo/write`.
 * @module tool-todo/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { todoTool } from './todo-tool.ts'

export const name = 'tool-todo'
export const inject = ['tools']

export interface Config {
  /** Allow several items `in_progress` at once (default false). */
  allowParallelInProgress?: boolean
}

export function apply(ctx: Context, config: Config = {}): void {
  ctx.tools.register(todoTool({ allowParallelInProgress: config.allowParallelInProgress === true }))
}
