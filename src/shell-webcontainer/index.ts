/**
 * The WebContainer provider of `ctx.shell`: commands run through `jsh -c` in the same container
 * the fs-webcontainer provider serves files from. Plane: worker/page.
 * Contract: needs fs-webcontainer as `ctx.fs`; otherwise construction fails with a clear error.
 * @module shell-webcontainer/index
 */
import type { Context } from '@deepseek-ai/cordis'
import WebContainerFileSystem from '../fs-webcontainer/index.ts'
import { ShellExecutor } from '../shell/shell-executor.ts'
import { WebContainerShellBackend } from './webcontainer-shell-backend.ts'

export interface Config {
  defaultTimeoutMs?: number
  maxTimeoutMs?: number
  stdoutMaxBytes?: number
}

export default class WebContainerShell extends ShellExecutor {
  static readonly inject = ['fs']

  constructor(ctx: Context, config: Config = {}) {
    const fs = ctx.fs
    if (!(fs instanceof WebContainerFileSystem)) {
      throw new TypeError('shell-webcontainer runs commands in the WebContainer workspace: mount fs-webcontainer as ctx.fs')
    }
    super(ctx, new WebContainerShellBackend(fs, () => fs.container()), {
      cwd: fs.root,
      sandboxMode: fs.sandboxMode,
      ...(config.defaultTimeoutMs === undefined ? {} : { defaultTimeoutMs: config.defaultTimeoutMs }),
      ...(config.maxTimeoutMs === undefined ? {} : { maxTimeoutMs: config.maxTimeoutMs }),
      ...(config.stdoutMaxBytes === undefined ? {} : { stdoutMaxBytes: config.stdoutMaxBytes }),
    })
  }
}
