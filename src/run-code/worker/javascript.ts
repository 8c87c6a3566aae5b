/**
 * `node` / `js` in the runtime worker: JavaScript and TypeScript by QuickJS (the sync wasm build,
 * no eval in this realm), one fresh runtime per run with a memory limit and the run's deadline as
 * its interrupt handler. `node file.js|file.ts args`, `-e`, `-p`, a program on stdin; ES modules and
 * TypeScript become CommonJS by sucrase (types stripped) before QuickJS sees them; timers wait in
 * real time. Plane: runtime worker.
 * @module run-code/worker/javascript
 */
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSContext, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten-core'
import variant from '@jitl/quickjs-wasmfile-release-sync'
import { transform } from 'sucrase'
import type { LanguageRun, RunResult } from '../types.ts'
import { QUICKJS, runtimeFileUrl } from '../runtime-files.ts'
import type { WorkspaceImage } from './image.ts'
import { JsFiles } from './js-files.ts'
import { JS_PRELUDE } from './js-prelude.ts'
import { CappedOutput } from './output.ts'

const USAGE = 'Usage: node [-e script | -p script | file.js | file.ts | -] [arguments]\n'
const ESM = /^\s*(import\s*[\w{*'"]|export\s)/m
const TYPESCRIPT = /\.[mc]?tsx?$/

let loading: Promise<QuickJSWASMModule> | undefined

type Parsed = { kind: 'file'; file: string; argv: string[] } | { kind: 'code'; code: string; print: boolean; argv: string[] } | { kind: 'say'; stdout?: string; stderr?: string; exitCode: number }

export function parseNodeArgs(args: readonly string[], stdin: string, cwd: string): Parsed {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '-e' || arg === '--eval' || arg === '-p' || arg === '--print') {
      const code = args[i + 1]
      if (code === undefined) return { kind: 'say', stderr: `node: ${arg} requires an argument\n`, exitCode: 9 }
      return { kind: 'code', code, print: arg === '-p' || arg === '--print', argv: ['node', ...args.slice(i + 2)] }
    }
    if (arg === '-v' || arg === '--version') return { kind: 'say', stdout: 'v20.0.0-quickjs\n', exitCode: 0 }
    if (arg === '-h' || arg === '--help') return { kind: 'say', stdout: USAGE, exitCode: 0 }
    if (arg === '-') return { kind: 'code', code: stdin, print: false, argv: ['node', '-', ...args.slice(i + 1)] }
    if (arg.startsWith('--experimental') || arg === '--no-warnings' || arg.startsWith('--enable-source-maps')) continue
    if (arg.startsWith('-')) return { kind: 'say', stderr: `node: bad option: ${arg}\n`, exitCode: 9 }
    const file = arg.startsWith('/') ? arg : `${cwd.replace(/\/$/, '')}/${arg}`
    return { kind: 'file', file, argv: ['node', file, ...args.slice(i + 1)] }
  }
  if (stdin.length > 0) return { kind: 'code', code: stdin, print: false, argv: ['node', '-'] }
  return { kind: 'say', stderr: 'node: there is no interactive REPL in the embedded workspace: run a file (node app.js), node -e CODE, or pipe a program in\n', exitCode: 9 }
}

/** ES module syntax and TypeScript → CommonJS QuickJS runs; a syntax error comes back as one. */
function toCommonJs(filename: string, source: string): string {
  const typescript = TYPESCRIPT.test(filename)
  if (!typescript && !ESM.test(source)) return source
  return transform(source, { transforms: typescript ? ['typescript', 'imports'] : ['imports'], filePath: filename, disableESTransforms: true }).code
}

function load(request: LanguageRun): Promise<QuickJSWASMModule> {
  return newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmLocation: runtimeFileUrl(request.assetsBase, QUICKJS, 'emscripten-module.wasm') }))
}

interface Timer { id: number; due: number }

/** The host functions the prelude reads from `__dsh`. */
function hostObject(vm: QuickJSContext, request: LanguageRun, files: JsFiles, out: CappedOutput[], timers: Map<number, Timer>, stdin: string): QuickJSHandle {
  const host = vm.newObject()
  const fn = (name: string, body: (...args: QuickJSHandle[]) => QuickJSHandle | undefined) => {
    const handle = vm.newFunction(name, body)
    vm.setProp(host, name, handle)
    handle.dispose()
  }
  const str = (h: QuickJSHandle | undefined) => (h === undefined ? '' : vm.getString(h))
  const nullable = (value: string | undefined) => (value === undefined ? vm.null : vm.newString(value))
  const throwing = (run: () => QuickJSHandle | undefined) => {
    try { return run() } catch (error) { throw vm.newError((error as Error).message) }
  }
  vm.setProp(host, 'argv', vm.newString(''))
  fn('out', (fd, text) => { out[vm.getNumber(fd!) === 2 ? 1 : 0]!.write(str(text)); return undefined })
  fn('stat', (path) => {
    const stat = files.stat(str(path))
    return nullable(stat && JSON.stringify({ ...stat, mtimeMs: Date.now() }))
  })
  fn('read', (path) => nullable(files.read(str(path))))
  fn('write', (path, text, append) => throwing(() => { files.write(str(path), str(text), vm.dump(append!) === true); return undefined }))
  fn('list', (path) => nullable(files.list(str(path)) && JSON.stringify(files.list(str(path)))))
  fn('mkdir', (path, recursive) => throwing(() => { files.mkdir(str(path), vm.dump(recursive!) === true); return undefined }))
  fn('remove', (path, recursive) => throwing(() => (files.remove(str(path), vm.dump(recursive!) === true) ? vm.true : vm.false)))
  fn('isModule', (filename, code) => (TYPESCRIPT.test(str(filename)) || ESM.test(str(code)) ? vm.true : vm.false))
  fn('wrap', (filename, source) => {
    const name = str(filename)
    let code: string
    try { code = toCommonJs(name, str(source)) } catch (error) {
      throw vm.newError({ name: 'SyntaxError', message: `${name}: ${(error as Error).message}` })
    }
    return vm.unwrapResult(vm.evalCode(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, name))
  })
  fn('script', (filename, code) => vm.unwrapResult(vm.evalCode(str(code), str(filename))))
  fn('timer', (id, ms) => { timers.set(vm.getNumber(id!), { id: vm.getNumber(id!), due: performance.now() + vm.getNumber(ms!) }); return undefined })
  fn('clearTimer', (id) => { timers.delete(vm.getNumber(id!)); return undefined })
  fn('stdin', () => vm.newString(stdin))
  fn('now', () => vm.newNumber(performance.now()))
  vm.setProp(host, 'argv', vm.newString(''))
  vm.setProp(host, 'env', vm.newString(JSON.stringify(request.env)))
  vm.setProp(host, 'cwd', vm.newString(request.cwd))
  vm.setProp(host, 'quickjsVersion', vm.newString(QUICKJS.version))
  return host
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function runJavaScript(request: LanguageRun, image: WorkspaceImage): Promise<RunResult> {
  image.sync(request)
  const stdinText = new TextDecoder().decode(request.stdin)
  const parsed = parseNodeArgs(request.args, stdinText, request.cwd)
  if (parsed.kind === 'say') return { kind: 'result', stdout: parsed.stdout ?? '', stderr: parsed.stderr ?? '', exitCode: parsed.exitCode, written: [], removed: [] }
  const files = new JsFiles(image.files, request.root)
  const name = request.command
  if (parsed.kind === 'file' && files.stat(parsed.file)?.type !== 'file') {
    return { kind: 'result', stdout: '', stderr: `${name}: Cannot find module '${parsed.file}'\n`, exitCode: 1, written: [], removed: [] }
  }
  loading ??= load(request)
  const quickjs = await loading
  const stdout = new CappedOutput(request.outputBytes)
  const stderr = new CappedOutput(request.outputBytes)
  const deadline = performance.now() + request.timeoutMs
  const runtime = quickjs.newRuntime()
  runtime.setMemoryLimit(request.memoryBytes)
  runtime.setMaxStackSize(1024 * 1024)
  runtime.setInterruptHandler(() => performance.now() > deadline)
  const vm = runtime.newContext()
  const timers = new Map<number, Timer>()
  let exitCode = -1
  try {
    const host = hostObject(vm, request, files, [stdout, stderr], timers, stdinText)
    vm.setProp(host, 'argv', vm.newString(JSON.stringify(parsed.argv)))
    vm.setProp(vm.global, '__dsh', host)
    host.dispose()
    const api = vm.unwrapResult(vm.evalCode(JS_PRELUDE, 'node:internal/prelude'))
    const call = (method: string, ...args: QuickJSHandle[]): number => {
      const fnHandle = vm.getProp(api, method)
      const result = vm.callFunction(fnHandle, api, ...args)
      fnHandle.dispose()
      for (const arg of args) arg.dispose()
      const value = vm.unwrapResult(result)
      const code = vm.getNumber(value)
      value.dispose()
      return code
    }
    const drain = (): void => {
      const jobs = runtime.executePendingJobs()
      if (jobs.error) {
        const code = call('rejected', jobs.error)
        if (code >= 0) exitCode = code
      }
    }
    exitCode = parsed.kind === 'file'
      ? call('main', vm.newString(parsed.file))
      : call('evalCode', vm.newString(`${request.cwd}/[eval]`), vm.newString(parsed.code), parsed.print ? vm.true : vm.false)
    drain()
    while (exitCode < 0 && timers.size > 0) {
      const next = [...timers.values()].sort((a, b) => a.due - b.due || a.id - b.id)[0]!
      const wait = next.due - performance.now()
      if (next.due > deadline) break
      if (wait > 0) await sleep(wait)
      if (!timers.has(next.id)) continue
      timers.delete(next.id)
      const code = call('fire', vm.newNumber(next.id))
      if (code >= 0) exitCode = code
      drain()
    }
    if (exitCode < 0) exitCode = call('exitCode')
    api.dispose()
  } catch (error) {
    const message = (error as Error)?.message ?? String(error)
    if (performance.now() > deadline) stderr.write(`${name}: stopped at the deadline (${request.timeoutMs} ms)\n`)
    else if (/out of memory/i.test(message)) stderr.write(`${name}: out of memory: the embedded JavaScript runtime's cap is ${Math.round(request.memoryBytes / 2 ** 20)} MiB\n`)
    else stderr.write(`${name}: ${message}\n`)
    exitCode = performance.now() > deadline ? 124 : 1
  } finally {
    try { vm.dispose(); runtime.dispose() } catch { /* a runtime that ran out of memory may not free cleanly: the next run makes a new one */ }
  }
  const diff = image.diff(files.files)
  return { kind: 'result', stdout: stdout.text(), stderr: stderr.text(), exitCode, ...diff }
}
