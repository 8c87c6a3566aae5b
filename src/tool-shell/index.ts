/**
 * The shell tool plugin: registers `bash` (and, when background runs are enabled, `job_output`,
 * `job_list` and `job_kill`) into `ctx.tools` over `ctx.shell` and `ctx.jobs`.
 * Plane: worker. Contract: dsh contracts §13; bash runs exclusively (no concurrency flag).
 * @module tool-shell/index
 */
import type { Context } from '@deepseek-ai/cordis'
import { bashTool } from './bash-tool.ts'
import { jobKillTool, jobListTool, jobOutputTool } from './job-tools.ts'

export { ShellLimitError } from './bash-tool.ts'

export const name = 'tool-shell'
export const inject = ['shell', 'tools', 'jobs']

export interface Config {
  /** Offer `run_in_background` on bash plus `job_output`/`job_list`/`job_kill` (default true). */
  enableRunInBackground?: boolean
}

export function apply(ctx: Context, config: Config = {}): void {
  const background = config.enableRunInBackground !== false
  const bash = bashTool(ctx, { background })
  ctx.tools.registerAll(background ? [bash, jobOutputTool(ctx), jobListTool(ctx), jobKillTool(ctx)] : [bash])
}
