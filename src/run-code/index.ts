/**
 * Plugin `run-code`: real programs in the embedded workspace — `python3`/`python`/`pip` (Pyodide),
 * `node`/`js` (QuickJS, TypeScript by type stripping) and `sqlite3` (sql.js) — added to the embedded
 * shell (shell-justbash), so the agent's `bash` and the person's terminal run them on the same
 * workspace files. Each language loads on its first command, in a worker of its own; none of it is
 * in the worker core. With a WebContainer shell it adds nothing (that shell has real ones).
 * Plane: worker. Contract: a command never takes the agent down (its runtime is another worker).
 * @module run-code/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type { LazyCommand } from 'just-bash/browser'
import JustBashShell from '../shell-justbash/index.ts'
import type { Language } from './types.ts'

export const name = 'run-code'
export const inject = ['shell', 'fs']

export interface Config {
  /** The memory cap of each language runtime (default 512 MiB). */
  memoryMiB?: number
  /** A Pyodide package index this page allows (its origin in connect-src): enables `pip install`; absent, pip refuses. */
  packageIndexUrl?: string
}

export const COMMANDS: Readonly<Record<string, Language>> = {
  python3: 'python', python: 'python', pip: 'python', pip3: 'python',
  node: 'javascript', js: 'javascript',
  sqlite3: 'sqlite',
}

export function apply(ctx: Context, config: Config = {}): void {
  const shell = ctx.shell
  if (!(shell instanceof JustBashShell)) return
  const options = { root: ctx.fs.root, memoryBytes: (config.memoryMiB ?? 512) * 2 ** 20, ...(config.packageIndexUrl ? { packageIndexUrl: config.packageIndexUrl } : {}) }
  const commands: LazyCommand[] = Object.entries(COMMANDS).map(([command, language]) => ({
    name: command,
    load: async () => (await import('./run-command.ts')).languageCommand(command, language, options),
  }))
  ctx.effect(() => shell.addCommands(commands))
}
