/**
 * The fs tools plugin: registers `read`, `write`, `edit`, `glob` and `grep` into `ctx.tools`,
 * all over `ctx.fs`. Plane: worker. Contract: names, parameters and texts of dsh contracts §13.
 * @module tool-fs/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { editTool } from './edit-tool.ts'
import { globTool } from './glob-tool.ts'
import { grepTool } from './grep-tool.ts'
import { readTool } from './read-tool.ts'
import { writeTool } from './write-tool.ts'

export const name = 'tool-fs'
export const inject = ['fs', 'tools']

export type Config = Record<string, never>

export function apply(ctx: Context): void {
  ctx.tools.registerAll([readTool(ctx), writeTool(ctx), editTool(ctx), globTool(ctx), grepTool(ctx)])
}
