/**
 * The Node-like globals a `node` run sees, as source evaluated inside QuickJS (never in this realm):
 * `console`, `process` (argv, env, exit, cwd, stdout/stderr), timers, `require` of workspace modules
 * (ES modules and TypeScript arrive converted to CommonJS by the host's `wrap`), and the builtins
 * `fs` (a synchronous subset on the workspace files, plus `fs/promises`), `path`, `util`, `events`.
 * Anything else a program requires (npm packages, `http`, `child_process`, …) fails naming a
 * WebContainer as the way to run it. Talks to the host only through `__dsh` (removed once read).
 * Plane: QuickJS inside the runtime worker.
 * @module run-code/worker/js-prelude
 */
export const JS_PRELUDE = String.raw`
(() => {
const host = globalThis.__dsh
delete globalThis.__dsh
const EXIT = Symbol('exit')

function inspect(value, depth = 0, seen = new Set()) {
  if (typeof value === 'string') return depth === 0 ? value : "'" + value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n') + "'"
  if (typeof value === 'function') return '[Function: ' + (value.name || 'anonymous') + ']'
  if (typeof value === 'bigint') return value + 'n'
  if (typeof value === 'symbol') return value.toString()
  if (value === null || typeof value !== 'object') return String(value)
  if (value instanceof Error) return value.stack ? value.name + ': ' + value.message + '\n' + value.stack.replace(/\n$/, '') : value.name + ': ' + value.message
  if (seen.has(value)) return '[Circular]'
  if (depth > 2) return Array.isArray(value) ? '[Array]' : '[Object]'
  seen.add(value)
  let out
  if (Array.isArray(value)) out = value.length === 0 ? '[]' : '[ ' + value.map((v) => inspect(v, depth + 1, seen)).join(', ') + ' ]'
  else if (value instanceof Map) out = 'Map(' + value.size + ') { ' + [...value].map(([k, v]) => inspect(k, depth + 1, seen) + ' => ' + inspect(v, depth + 1, seen)).join(', ') + ' }'
  else if (value instanceof Set) out = 'Set(' + value.size + ') { ' + [...value].map((v) => inspect(v, depth + 1, seen)).join(', ') + ' }'
  else {
    const keys = Object.keys(value)
    const key = (k) => /^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)
    out = keys.length === 0 ? '{}' : '{ ' + keys.map((k) => key(k) + ': ' + inspect(value[k], depth + 1, seen)).join(', ') + ' }'
  }
  seen.delete(value)
  return out
}
function format(args) {
  if (typeof args[0] === 'string' && /%[sdifjoO%]/.test(args[0])) {
    let i = 1
    const head = args[0].replace(/%([sdifjoO%])/g, (m, f) => {
      if (f === '%') return '%'
      if (i >= args.length) return m
      const a = args[i++]
      return f === 's' ? String(a) : f === 'd' || f === 'i' ? String(parseInt(a, 10)) : f === 'f' ? String(Number(a)) : f === 'j' ? JSON.stringify(a) : inspect(a, 1)
    })
    return [head, ...args.slice(i).map((a) => inspect(a))].join(' ')
  }
  return args.map((a) => inspect(a)).join(' ')
}
const print = (fd) => (...args) => host.out(fd, format(args) + '\n')
globalThis.console = { log: print(1), info: print(1), debug: print(1), warn: print(2), error: print(2), trace: print(2), dir: (v) => host.out(1, inspect(v, 1) + '\n'), table: print(1) }

const path = {
  sep: '/', delimiter: ':',
  isAbsolute: (p) => p.startsWith('/'),
  normalize(p) {
    const abs = p.startsWith('/')
    const parts = []
    for (const part of p.split('/')) {
      if (part === '' || part === '.') continue
      if (part === '..') { if (parts.length && parts[parts.length - 1] !== '..') parts.pop(); else if (!abs) parts.push('..') } else parts.push(part)
    }
    return (abs ? '/' : '') + parts.join('/') || (abs ? '/' : '.')
  },
  join: (...parts) => path.normalize(parts.filter((p) => p !== '').join('/') || '.'),
  resolve: (...parts) => {
    let out = process.cwd()
    for (const p of parts) out = p.startsWith('/') ? p : out + '/' + p
    return path.normalize(out)
  },
  dirname: (p) => { const i = p.replace(/\/+$/, '').lastIndexOf('/'); return i < 0 ? '.' : i === 0 ? '/' : p.slice(0, i) },
  basename: (p, ext) => { const b = p.replace(/\/+$/, '').split('/').pop(); return ext && b.endsWith(ext) ? b.slice(0, -ext.length) : b },
  extname: (p) => { const b = path.basename(p); const i = b.lastIndexOf('.'); return i > 0 ? b.slice(i) : '' },
  relative: (from, to) => {
    const a = path.resolve(from).split('/').filter(Boolean), b = path.resolve(to).split('/').filter(Boolean)
    let i = 0
    while (i < a.length && a[i] === b[i]) i++
    return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/')
  },
}
path.posix = path

function fsError(code, syscall, p) {
  const messages = { ENOENT: 'no such file or directory', EISDIR: 'illegal operation on a directory', ENOTDIR: 'not a directory', EEXIST: 'file already exists' }
  const error = new Error(code + ': ' + messages[code] + ', ' + syscall + " '" + p + "'")
  error.code = code; error.syscall = syscall; error.path = p
  return error
}
const abs = (p) => path.resolve(String(p))
function stat(p) {
  const s = host.stat(abs(p))
  if (s === null) throw fsError('ENOENT', 'stat', p)
  const info = JSON.parse(s)
  return { size: info.size, mtimeMs: info.mtimeMs, mtime: new Date(info.mtimeMs), isFile: () => info.type === 'file', isDirectory: () => info.type === 'directory', isSymbolicLink: () => false }
}
const fs = {
  readFileSync(p, options) {
    const encoding = typeof options === 'string' ? options : options && options.encoding
    const type = host.stat(abs(p))
    if (type === null) throw fsError('ENOENT', 'open', p)
    if (JSON.parse(type).type === 'directory') throw fsError('EISDIR', 'read', p)
    const text = host.read(abs(p))
    if (encoding) return text
    const bytes = new TextEncoder().encode(text)
    bytes.toString = () => text
    return bytes
  },
  writeFileSync(p, data) { host.write(abs(p), typeof data === 'string' ? data : new TextDecoder().decode(data), false) },
  appendFileSync(p, data) { host.write(abs(p), typeof data === 'string' ? data : new TextDecoder().decode(data), true) },
  existsSync: (p) => host.stat(abs(p)) !== null,
  statSync: stat, lstatSync: stat,
  readdirSync(p, options) {
    const list = host.list(abs(p))
    if (list === null) throw fsError(host.stat(abs(p)) === null ? 'ENOENT' : 'ENOTDIR', 'scandir', p)
    const names = JSON.parse(list)
    return options && options.withFileTypes ? names.map((name) => { const s = stat(path.join(abs(p), name)); return { name, isFile: s.isFile, isDirectory: s.isDirectory, isSymbolicLink: () => false } }) : names
  },
  mkdirSync(p, options) { host.mkdir(abs(p), Boolean(options && options.recursive)) },
  unlinkSync(p) { if (!host.remove(abs(p), false)) throw fsError('ENOENT', 'unlink', p) },
  rmSync(p, options) { if (!host.remove(abs(p), Boolean(options && options.recursive)) && !(options && options.force)) throw fsError('ENOENT', 'rm', p) },
  renameSync(from, to) { fs.writeFileSync(to, host.read(abs(from)) ?? (() => { throw fsError('ENOENT', 'rename', from) })()); host.remove(abs(from), false) },
  copyFileSync(from, to) { fs.writeFileSync(to, fs.readFileSync(from, 'utf8')) },
}
const promisify = (f) => (...args) => new Promise((resolve, reject) => { try { resolve(f(...args)) } catch (e) { reject(e) } })
fs.promises = Object.fromEntries(Object.entries(fs).filter(([, f]) => typeof f === 'function').map(([name, f]) => [name.replace(/Sync$/, ''), promisify(f)]))
fs.promises.access = promisify((p) => { if (host.stat(abs(p)) === null) throw fsError('ENOENT', 'access', p) })

const timers = new Map()
let nextTimer = 1
function addTimer(f, ms, args, repeat) {
  const id = nextTimer++
  timers.set(id, { f, args, ms: Math.max(0, Number(ms) || 0), repeat })
  host.timer(id, Math.max(0, Number(ms) || 0))
  return id
}
globalThis.setTimeout = (f, ms, ...args) => addTimer(f, ms, args, false)
globalThis.setInterval = (f, ms, ...args) => addTimer(f, ms, args, true)
globalThis.setImmediate = (f, ...args) => addTimer(f, 0, args, false)
globalThis.clearTimeout = globalThis.clearInterval = globalThis.clearImmediate = (id) => { timers.delete(id); host.clearTimer(id) }
globalThis.queueMicrotask = (f) => { Promise.resolve().then(f) }

const process = {
  argv: JSON.parse(host.argv), env: JSON.parse(host.env), platform: 'linux', version: 'v20.0.0-quickjs', versions: { node: '20.0.0', quickjs: host.quickjsVersion },
  exitCode: undefined,
  exit(code) { const e = new Error('process.exit'); e[EXIT] = code === undefined ? (process.exitCode ?? 0) : Number(code) || 0; throw e },
  cwd: () => host.cwd,
  nextTick: (f, ...args) => { Promise.resolve().then(() => f(...args)) },
  stdout: { write: (s) => { host.out(1, String(s)); return true }, isTTY: false },
  stderr: { write: (s) => { host.out(2, String(s)); return true }, isTTY: false },
  stdin: { read: () => host.stdin(), isTTY: false },
  hrtime: Object.assign(() => { const t = host.now(); return [Math.floor(t / 1000), Math.floor((t % 1000) * 1e6)] }, { bigint: () => BigInt(Math.floor(host.now() * 1e6)) }),
  memoryUsage: () => ({ rss: 0, heapUsed: 0, heapTotal: 0 }),
  on() { return process },
}
globalThis.process = process
globalThis.global = globalThis

class EventEmitter {
  constructor() { this._events = new Map() }
  on(name, f) { (this._events.get(name) || this._events.set(name, []).get(name)).push(f); return this }
  once(name, f) { const g = (...a) => { this.off(name, g); f(...a) }; return this.on(name, g) }
  off(name, f) { const l = this._events.get(name); if (l) l.splice(l.indexOf(f) >>> 0, 1); return this }
  emit(name, ...args) { const l = this._events.get(name); if (!l || !l.length) return false; for (const f of [...l]) f(...args); return true }
}
EventEmitter.prototype.addListener = EventEmitter.prototype.on
EventEmitter.prototype.removeListener = EventEmitter.prototype.off

const util = { format: (...a) => format(a), inspect: (v) => inspect(v, 1), promisify: (f) => (...a) => new Promise((res, rej) => f(...a, (e, v) => e ? rej(e) : res(v))), isDeepStrictEqual: (a, b) => JSON.stringify(a) === JSON.stringify(b) }
const assert = (value, message) => { if (!value) throw Object.assign(new Error(message || 'Assertion failed'), { name: 'AssertionError', code: 'ERR_ASSERTION' }) }
assert.ok = assert
assert.equal = assert.strictEqual = (a, b, m) => assert(Object.is(a, b), m || inspect(a, 1) + ' !== ' + inspect(b, 1))
assert.notEqual = assert.notStrictEqual = (a, b, m) => assert(!Object.is(a, b), m || inspect(a, 1) + ' === ' + inspect(b, 1))
assert.deepEqual = assert.deepStrictEqual = (a, b, m) => assert(util.isDeepStrictEqual(a, b), m || inspect(a, 1) + ' deep-differs from ' + inspect(b, 1))
assert.throws = (f, m) => { try { f() } catch { return } assert(false, m || 'Missing expected exception.') }

const builtins = { fs, 'fs/promises': fs.promises, path, 'path/posix': path, process, util, events: Object.assign(EventEmitter, { EventEmitter }), assert, 'assert/strict': assert, timers: { setTimeout, setInterval, clearTimeout, clearInterval, setImmediate } }
const WEB_CONTAINER = 'run it in a WebContainer instead (a page that sets workspace-provider="webcontainer" runs real Node.js, npm and servers)'
const cache = new Map()
const EXTENSIONS = ['', '.js', '.ts', '.mjs', '.cjs', '.mts', '.cts', '.json', '/index.js', '/index.ts', '/index.mjs']
function resolveFile(from, spec) {
  const base = spec.startsWith('/') ? spec : path.join(path.dirname(from), spec)
  for (const ext of EXTENSIONS) {
    const s = host.stat(base + ext)
    if (s !== null && JSON.parse(s).type === 'file') return base + ext
  }
  const error = new Error("Cannot find module '" + spec + "' (from " + from + ')')
  error.code = 'MODULE_NOT_FOUND'
  throw error
}
function load(filename) {
  const cached = cache.get(filename)
  if (cached) return cached.exports
  const module = { exports: {}, filename, id: filename, loaded: false }
  cache.set(filename, module)
  const source = host.read(filename)
  if (filename.endsWith('.json')) module.exports = JSON.parse(source)
  else host.wrap(filename, source)(module.exports, makeRequire(filename), module, filename, path.dirname(filename))
  module.loaded = true
  return module.exports
}
function makeRequire(from) {
  const require = (spec) => {
    const name = String(spec).replace(/^node:/, '')
    if (Object.prototype.hasOwnProperty.call(builtins, name)) return builtins[name]
    if (spec.startsWith('./') || spec.startsWith('../') || spec.startsWith('/')) return load(resolveFile(from, spec))
    const builtinNames = ['http', 'https', 'http2', 'net', 'tls', 'dgram', 'dns', 'child_process', 'cluster', 'worker_threads', 'os', 'crypto', 'zlib', 'stream', 'readline', 'vm', 'v8', 'url', 'buffer', 'inspector', 'perf_hooks']
    const what = builtinNames.includes(name.split('/')[0]) ? "the Node.js module '" + spec + "' is not available in the embedded JavaScript runtime (QuickJS; it has fs, path, util, events, assert and timers)" : "npm packages ('" + spec + "') are not available in the embedded JavaScript runtime (QuickJS runs the workspace's own files only)"
    const error = new Error(what + ': ' + WEB_CONTAINER)
    error.code = 'ERR_UNSUPPORTED_IN_EMBEDDED_RUNTIME'
    throw error
  }
  require.resolve = (spec) => resolveFile(from, spec)
  require.cache = cache
  return require
}
globalThis.require = makeRequire(host.cwd + '/[eval]')

function settle(run) {
  try { run(); return -1 } catch (error) {
    if (error && typeof error === 'object' && EXIT in error) return error[EXIT]
    host.out(2, (error && error.stack ? 'Uncaught ' + error.name + ': ' + error.message + '\n' + error.stack : 'Uncaught ' + inspect(error, 1)).replace(/\n?$/, '\n'))
    return 1
  }
}
return {
  main: (filename) => settle(() => { load(filename) }),
  evalCode: (filename, code, printResult) => settle(() => {
    if (host.isModule(filename, code)) {
      const module = { exports: {} }
      host.wrap(filename, code)(module.exports, makeRequire(filename), module, filename, path.dirname(filename))
      return
    }
    const result = host.script(filename, code)
    if (printResult) console.log(result)
  }),
  fire: (id) => settle(() => {
    const timer = timers.get(id)
    if (!timer) return
    if (timer.repeat) host.timer(id, timer.ms); else timers.delete(id)
    timer.f(...timer.args)
  }),
  rejected: (error) => settle(() => { throw error }),
  exitCode: () => process.exitCode ?? 0,
}
})()
`
