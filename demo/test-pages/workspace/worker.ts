/**
 * Test-only worker: the embedded workspace (fs-memory with the IndexedDB mirror + shell-justbash + run-code)
 * without the agent loop: bash (worker-clock ms), read, write, flush, fs and save timing probes (browser specs, bench).
 * @module demo/test-pages/workspace/worker
 */
import * as Comlink from 'comlink'
import { Context } from '@deepseek-ai/cordis'
import MemoryFileSystem from '../../../src/fs-memory/index.ts'
import JustBashShell from '../../../src/shell-justbash/index.ts'
import * as RunCode from '../../../src/run-code/index.ts'

const root = new Context()
let opened!: (workspace: string) => void
const ready = new Promise<string>((resolve) => { opened = resolve }).then(async (workspace) => {
  await root.plugin(MemoryFileSystem, { workspace, files: { 'README.md': '# demo\nTODO: one\n', 'src/a.ts': '// TODO two\n' } })
  await root.plugin(JustBashShell, {})
  await root.plugin(RunCode, {})
})

const api = {
  /** Mounts the workspace `workspace` (restored from IndexedDB when it exists). */
  async open(workspace: string) {
    opened(workspace)
    await ready
  },
  /** Runs `command` (`timeoutMs`: its deadline, after which the shell stops it); worker-clock ms. */
  async bash(command: string, timeoutMs?: number) {
    await ready
    const started = performance.now()
    const result = await root.shell.run(root.shell.resolve({ command, ...(timeoutMs === undefined ? {} : { timeoutMs }) }))
    return { stdout: result.stdout.text, stderr: result.stderr.text, exitCode: result.exitCode, limit: result.limit ?? null, ms: performance.now() - started }
  },
  async write(path: string, content: string) {
    await ready
    await root.fs.writeText(root.fs.resolve(path), content)
  },
  async read(path: string) {
    await ready
    return root.fs.readText(root.fs.resolve(path))
  },
  async flush() {
    await ready
    await root.fs.flush()
  },
  /** Bench probe: `times` write-then-read rounds of a `bytes`-long text file through ctx.fs; worker-clock ms per call. */
  async fsRounds(path: string, bytes: number, times: number) {
    await ready
    const line = `${'x'.repeat(79)}\n`
    const content = line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes)
    const target = root.fs.resolve(path)
    const write: number[] = []
    const read: number[] = []
    for (let i = 0; i < times; i++) {
      let started = performance.now()
      await root.fs.writeText(target, content)
      write.push(performance.now() - started)
      started = performance.now()
      if ((await root.fs.readText(target)).length !== bytes) throw new Error(`read back a different ${path}`)
      read.push(performance.now() - started)
    }
    return { write, read }
  },
  /**
   * Bench probe: what workspace-save adds to a file-changing tool call — `times` rounds of a
   * `bytes`-long write followed by the `ctx.fs.flush()` the plugin awaits; worker-clock ms of each flush.
   */
  async saveRounds(path: string, bytes: number, times: number) {
    await ready
    const target = root.fs.resolve(path)
    const flush: number[] = []
    for (let i = 0; i < times; i++) {
      await root.fs.writeText(target, `${i}`.padEnd(bytes, '.'))
      const started = performance.now()
      await root.fs.flush()
      flush.push(performance.now() - started)
    }
    return flush
  },
  ping: () => 'pong',
}

export type WorkspaceTestApi = typeof api
Comlink.expose(api)
