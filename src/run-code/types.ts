/**
 * The messages between the agent worker and a language runtime's worker: one run request (the
 * command line, the workspace files that changed since that worker last saw them, stdin, limits)
 * and its result (output, exit code, the files the program wrote or removed). Types only.
 * @module run-code/types
 */

/** The languages a runtime worker runs; one worker per language, kept warm between runs. */
export type Language = 'python' | 'javascript' | 'sqlite'

export interface WorkspaceFile { path: string; data: Uint8Array }

export interface RunRequest {
  kind: 'run'
  /** The command's name as typed (`python3`, `node`, `js`, `sqlite3`, `pip`), for messages and `-V`. */
  command: string
  language: Language
  args: string[]
  /** Absolute workspace paths. */
  root: string
  cwd: string
  env: Record<string, string>
  stdin: Uint8Array
  /** Files new or changed since this worker's last run (the worker keeps the rest). */
  files: WorkspaceFile[]
  /** Every workspace file path: a file the worker holds but this list lacks was removed. */
  paths: string[]
  memoryBytes: number
  outputBytes: number
  /** The run's deadline as a duration (the runtime stops itself where it can; the host terminates it otherwise). */
  timeoutMs: number
  /** Pyodide's interrupt buffer (SharedArrayBuffer), present where the page is cross-origin isolated. */
  interrupt?: Int32Array
  /** Where `pip install` may fetch packages from; absent: pip refuses with a plain error. */
  packageIndexUrl?: string
}

/** A request as a language runs it: with the runtime files' folder (`…/runtimes/`), which the runtime worker knows from its own URL. */
export interface LanguageRun extends RunRequest { assetsBase: string }

export interface RunResult {
  kind: 'result'
  stdout: string
  stderr: string
  exitCode: number
  /** Files the program created or changed. */
  written: WorkspaceFile[]
  /** Files the program removed. */
  removed: string[]
  /** Set when the runtime could not start (e.g. WebAssembly refused by CSP): a notice, not a program error. */
  notice?: string
}
