/**
 * The shell tool plugin: registers `bash` into `ctx.tools` over `ctx.shell`.
 * Plane: worker. Contract: dsh contracts §13; bash runs exclusively (no concurrency flag).
 * @module tool-shell/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { bashTool } from './bash-tool.ts'

export { ShellLimitError } from './bash-tool.ts'

export const name = 'tool-shell'
export const inject = ['shell', 'tools']

export type Config = Record<string, never>

export function apply(ctx: Context): void {
  ctx.tools.register(bashTool(ctx))
}
