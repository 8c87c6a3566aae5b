/**
 * Test-only worker for the WebContainer bridge: attaches the page's port the way the agent host
 * does (`attachPageWebContainer`), mounts fs-webcontainer and shell-webcontainer with their default
 * boot, and exposes fs and shell calls to the page. Plane: worker; test-only.
 * @module demo/test-pages/webcontainer/worker
 */
import * as Comlink from 'comlink'
import { Context } from '@deepseek-ai/cordis'
import WebContainerFileSystem, { attachPageWebContainer } from '../../../src/fs-webcontainer/index.ts'
import WebContainerShell from '../../../src/shell-webcontainer/index.ts'
import type { ShellProcess } from '../../../src/shell/types.ts'

const root = new Context()
const running = new Map<string, { process: ShellProcess; abort: AbortController }>()

const api = {
  async attach(port: MessagePort, files: Record<string, string>) {
    attachPageWebContainer(port)
    await root.plugin(WebContainerFileSystem, { files })
    await root.plugin(WebContainerShell, {})
  },
  realm: () => ({ worker: typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope === 'function', document: typeof (globalThis as { document?: unknown }).document }),
  read: (path: string) => root.fs.readText(root.fs.resolve(path)),
  write: async (path: string) => { await root.fs.writeText(root.fs.resolve(path), `written in the worker\n`) },
  async run(command: string) {
    const result = await root.shell.run(root.shell.resolve({ command }))
    return { stdout: result.stdout.text, exitCode: result.exitCode }
  },
  /** Starts a background command; `output`/`stop` address it by `id`. */
  start(id: string, command: string) {
    const abort = new AbortController()
    running.set(id, { process: root.shell.start(root.shell.resolve({ command, signal: abort.signal })), abort })
  },
  output: (id: string) => running.get(id)!.process.readOutput().delta,
  async stop(id: string) {
    const { process, abort } = running.get(id)!
    abort.abort()
    const result = await process.done
    return { aborted: result.aborted, signal: result.signal }
  },
  async outcome(id: string) {
    const { process } = running.get(id)!
    await process.done
    const failure = process.failure as { name?: string; code?: string; message?: string } | undefined
    return failure ? { name: failure.name, code: failure.code, message: failure.message } : null
  },
  async readError(path: string) {
    return root.fs.readText(root.fs.resolve(path)).then(() => null, (e: { code?: string; message?: string }) => ({ code: e.code, message: e.message }))
  },
}

export type BridgeTestApi = typeof api
Comlink.expose(api)
