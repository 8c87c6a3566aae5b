/**
 * One language command of the embedded shell (`python3`, `node`, `sqlite3`, …), as just-bash runs
 * it: copies the workspace changes into the language's runtime worker, runs the command line there
 * with the command's stdin, environment and working directory under the shell's limits (deadline,
 * output cap) and a memory cap, then writes the program's file changes back through the shell's
 * file system. Loaded on the first language command. Plane: worker.
 * @module run-code/run-command
 */
import type { Command, ExecResult, ResolvedCommandContext } from 'just-bash/browser'
import type { Language } from './types.ts'
import { withRuntime, type RuntimeWorker } from './runtime-pool.ts'
import { snapshot, writeBack } from './workspace-sync.ts'

export interface RunCodeOptions {
  root: string
  memoryBytes: number
  /** A page's Pyodide package index, if it allows one (`pip install`). */
  packageIndexUrl?: string
}

/** just-bash hands stdin over as a byte string (one char per byte). */
function stdinBytes(stdin: string): Uint8Array {
  const bytes = new Uint8Array(stdin.length)
  for (let i = 0; i < stdin.length; i++) bytes[i] = stdin.charCodeAt(i)
  return bytes
}

function envOf(ctx: ResolvedCommandContext): Record<string, string> {
  return ctx.exportedEnv ?? Object.fromEntries(ctx.env)
}

/** One run with the language's worker: the workspace in, the program, its changes back. */
async function runWith(worker: RuntimeWorker, name: string, language: Language, args: string[], ctx: ResolvedCommandContext, options: RunCodeOptions): Promise<ExecResult> {
  const files = await snapshot(ctx.fs, options.root, worker.sent)
  const result = await worker.run({
    kind: 'run', command: name, language, args, root: options.root, cwd: ctx.cwd, env: envOf(ctx),
    stdin: stdinBytes(ctx.stdin as unknown as string), ...files,
    memoryBytes: options.memoryBytes, outputBytes: ctx.limits.maxOutputSize, timeoutMs: ctx.limits.maxExecutionTimeMs,
    ...(options.packageIndexUrl ? { packageIndexUrl: options.packageIndexUrl } : {}),
  }, ctx.signal ?? new AbortController().signal)
  const refused = await writeBack(ctx.fs, result, worker.sent)
  const stderr = result.stderr + refused.map((line) => `${name}: ${line}\n`).join('')
  return { stdout: result.stdout, stderr, exitCode: refused.length > 0 && result.exitCode === 0 ? 1 : result.exitCode }
}

export function languageCommand(name: string, language: Language, options: RunCodeOptions): Command {
  return {
    name,
    trusted: true,
    async execute(args: string[], ctx: ResolvedCommandContext): Promise<ExecResult> {
      try {
        return await withRuntime(language, (worker) => runWith(worker, name, language, args, ctx, options))
      } catch (error) {
        return { stdout: '', stderr: `${name}: ${(error as Error).message}\n`, exitCode: 126 }
      }
    },
  }
}
