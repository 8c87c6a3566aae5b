/**
 * `python3` / `python` / `pip` in the runtime worker: CPython by Pyodide, loaded from the runtime
 * folder on the first run and kept warm. The workspace image is mirrored into Pyodide's file system
 * at the same absolute paths before each run and read back after it; stdin is the command's stdin;
 * Ctrl-C raises KeyboardInterrupt through the interrupt buffer where the page is cross-origin
 * isolated. `pip install` works only with a configured package index. Plane: runtime worker.
 * @module run-code/worker/python
 */
import type { PyodideAPI } from 'pyodide'
import type { LanguageRun, RunResult } from '../types.ts'
import { PYODIDE, runtimeFileUrl } from '../runtime-files.ts'
import type { WorkspaceImage } from './image.ts'
import { CappedOutput } from './output.ts'
import { PYTHON_DRIVER } from './python-driver.ts'

type Mode = 'code' | 'module' | 'file'
type Parsed = { kind: 'run'; mode: Mode; target: string; argv: string[] } | { kind: 'say'; stdout?: string; stderr?: string; exitCode: number }

const USAGE = 'usage: python3 [-c cmd | -m mod | file | -] [arg] ...\n'
/** Options CPython takes without a value that change nothing here. */
const IGNORED = new Set(['-u', '-B', '-E', '-s', '-S', '-I', '-O', '-OO', '-q', '-b', '-d', '-v'])

let loading: Promise<PyodideAPI> | undefined
let version = ''

/** The command line → what to run (CPython's forms), or what to say. */
export function parsePythonArgs(args: readonly string[], stdin: string, cwd: string): Parsed {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '-c' || arg === '-m') {
      const target = args[i + 1]
      if (target === undefined) return { kind: 'say', stderr: `Argument expected for the ${arg} option\n${USAGE}`, exitCode: 2 }
      return arg === '-c'
        ? { kind: 'run', mode: 'code', target, argv: ['-c', ...args.slice(i + 2)] }
        : { kind: 'run', mode: 'module', target, argv: [target, ...args.slice(i + 2)] }
    }
    if (arg === '-V' || arg === '--version') return { kind: 'say', stdout: `Python ${version}\n`, exitCode: 0 }
    if (arg === '-h' || arg === '--help') return { kind: 'say', stdout: USAGE, exitCode: 0 }
    if (arg === '-') return { kind: 'run', mode: 'code', target: stdin, argv: ['-', ...args.slice(i + 1)] }
    if (IGNORED.has(arg)) continue
    if (arg.startsWith('-')) return { kind: 'say', stderr: `Unknown option: ${arg}\n${USAGE}`, exitCode: 2 }
    const script = arg.startsWith('/') ? arg : `${cwd.replace(/\/$/, '')}/${arg}`
    return { kind: 'run', mode: 'file', target: script, argv: [arg, ...args.slice(i + 1)] }
  }
  if (stdin.length > 0) return { kind: 'run', mode: 'code', target: stdin, argv: ['-'] }
  return { kind: 'say', stderr: `python3: there is no interactive interpreter in the embedded workspace: run a script (python3 main.py), python3 -c CODE, python3 -m MODULE, or pipe a program in (echo 'print(1)' | python3)\n`, exitCode: 2 }
}

async function load(request: LanguageRun): Promise<PyodideAPI> {
  const { loadPyodide } = await import(/* @vite-ignore */ runtimeFileUrl(request.assetsBase, PYODIDE, 'pyodide.mjs')) as typeof import('pyodide')
  const indexURL = runtimeFileUrl(request.assetsBase, PYODIDE, '')
  const py = await loadPyodide({ indexURL, env: { HOME: request.root }, ...(request.packageIndexUrl ? { packageBaseUrl: request.packageIndexUrl } : {}) })
  py.runPython(PYTHON_DRIVER)
  version = String(py.runPython('import sys; sys.version.split()[0]'))
  return py
}

/** Writes the run's changed files into Pyodide's file system and removes the removed ones. */
function mirrorIn(py: PyodideAPI, request: LanguageRun, removed: readonly string[]): void {
  const FS = py.FS
  FS.mkdirTree(request.root)
  for (const file of request.files) {
    FS.mkdirTree(file.path.slice(0, file.path.lastIndexOf('/')) || '/')
    FS.writeFile(file.path, file.data)
  }
  for (const path of removed) {
    try { FS.unlink(path) } catch { /* the program removed it already */ }
  }
}

/** Every file under the workspace root in Pyodide's file system. */
function readBack(py: PyodideAPI, root: string): Map<string, Uint8Array> {
  const FS = py.FS
  const files = new Map<string, Uint8Array>()
  const visit = (dir: string): void => {
    for (const name of FS.readdir(dir) as string[]) {
      if (name === '.' || name === '..') continue
      const path = `${dir === '/' ? '' : dir}/${name}`
      const mode = FS.stat(path).mode as number
      if (FS.isDir(mode)) visit(path)
      else if (FS.isFile(mode)) files.set(path, FS.readFile(path) as Uint8Array)
    }
  }
  visit(root)
  return files
}

async function pip(py: PyodideAPI, request: LanguageRun, args: readonly string[], stdout: CappedOutput, stderr: CappedOutput): Promise<number> {
  if (args[0] !== 'install') {
    stderr.write(`${request.command}: only "pip install PACKAGE" is available in the embedded workspace\n`)
    return 1
  }
  const names = args.slice(1).filter((arg) => !arg.startsWith('-'))
  if (!request.packageIndexUrl) {
    stderr.write(`${request.command}: installing packages needs a package index, and this page allows none: Python runs offline with its standard library. `
      + 'A site that hosts Pyodide\'s packages sets run-code\'s packageIndexUrl (and allows that origin in connect-src) to enable pip install.\n')
    return 1
  }
  await py.loadPackage('micropip', { messageCallback: (line) => stdout.write(`${line}\n`), errorCallback: (line) => stderr.write(`${line}\n`) })
  const micropip = py.pyimport('micropip') as unknown as { install(names: string[]): Promise<void> }
  await micropip.install(names)
  stdout.write(`Successfully installed ${names.join(' ')}\n`)
  return 0
}

export async function runPython(request: LanguageRun, image: WorkspaceImage): Promise<RunResult> {
  const removedBefore = image.sync(request)
  loading ??= load(request)
  const py = await loading
  mirrorIn(py, request, removedBefore)
  const stdout = new CappedOutput(request.outputBytes)
  const stderr = new CappedOutput(request.outputBytes)
  py.setStdout({ write: (bytes: Uint8Array) => { stdout.write(bytes); return bytes.length } })
  py.setStderr({ write: (bytes: Uint8Array) => { stderr.write(bytes); return bytes.length } })
  const stdinText = new TextDecoder().decode(request.stdin)
  const isPip = request.command === 'pip' || request.command === 'pip3' || (request.args[0] === '-m' && request.args[1] === 'pip')
  let exitCode: number
  if (isPip) {
    exitCode = await pip(py, request, request.command.startsWith('pip') ? request.args : request.args.slice(2), stdout, stderr).catch((error: unknown) => {
      stderr.write(`${request.command}: ${String((error as Error)?.message ?? error)}\n`)
      return 1
    })
  } else {
    const parsed = parsePythonArgs(request.args, stdinText, request.cwd)
    if (parsed.kind === 'say') {
      return { kind: 'result', stdout: parsed.stdout ?? '', stderr: parsed.stderr ?? '', exitCode: parsed.exitCode, written: [], removed: [] }
    }
    if (parsed.mode === 'file' && !py.FS.analyzePath(parsed.target).exists) {
      return { kind: 'result', stdout: '', stderr: `${request.command}: can't open file '${parsed.target}': [Errno 2] No such file or directory\n`, exitCode: 2, written: [], removed: [] }
    }
    let stdinSent = parsed.mode === 'code' && parsed.argv[0] === '-'
    py.setStdin({ stdin: () => { if (stdinSent) return undefined; stdinSent = true; return stdinText } })
    if (request.interrupt) {
      Atomics.store(request.interrupt, 0, 0)
      py.setInterruptBuffer(request.interrupt)
    }
    const run = py.globals.get('_dsh_run') as (mode: Mode, target: string, argv: unknown, cwd: string, env: unknown) => number
    const argv = py.toPy(parsed.argv)
    const env = py.toPy(request.env)
    try {
      exitCode = run(parsed.mode, parsed.target, argv, request.cwd, env)
    } finally {
      argv.destroy()
      env.destroy()
    }
  }
  const diff = image.diff(readBack(py, request.root))
  return { kind: 'result', stdout: stdout.text(), stderr: stderr.text(), exitCode, ...diff }
}
