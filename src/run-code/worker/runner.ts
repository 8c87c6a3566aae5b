/**
 * The runtime worker's one job: take run requests for its language (one at a time), load that
 * language on the first one, apply the memory cap, and answer with the result; a page whose CSP
 * refuses WebAssembly gets a notice naming `'wasm-unsafe-eval'`, and a runtime that throws answers
 * with exit 1 and the reason, never silence. Plane: runtime worker (workers/run-code.worker.ts).
 * @module run-code/worker/runner
 */
import type { LanguageRun, RunRequest, RunResult } from '../types.ts'
import { RUNTIMES_FROM_CHUNK } from '../runtime-files.ts'
import { WorkspaceImage } from './image.ts'
import { capMemory } from './memory-cap.ts'

/** The smallest valid module: compiling it fails only where the CSP forbids WebAssembly. */
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00])

const image = new WorkspaceImage()
let wasmAllowed: Promise<string | undefined> | undefined

function cspNotice(command: string): Promise<string | undefined> {
  return WebAssembly.compile(EMPTY_MODULE).then(() => undefined, (error: unknown) =>
    `${command}: this page's Content-Security-Policy does not allow WebAssembly, which the embedded ${command} needs: add 'wasm-unsafe-eval' to its script-src directive. `
    + `The rest of the agent works without it (${(error as Error).message})`)
}

const failed = (stderr: string, exitCode: number, notice?: string): RunResult => ({ kind: 'result', stdout: '', stderr, exitCode, written: [], removed: [], ...(notice ? { notice } : {}) })

export async function run(request: RunRequest): Promise<RunResult> {
  wasmAllowed ??= cspNotice(request.command)
  const notice = await wasmAllowed
  if (notice) return failed(`${notice}\n`, 126, notice)
  capMemory(request.memoryBytes)
  const run: LanguageRun = { ...request, assetsBase: new URL(RUNTIMES_FROM_CHUNK, self.location.href).href }
  try {
    if (request.language === 'python') return await (await import('./python.ts')).runPython(run, image)
    if (request.language === 'javascript') return await (await import('./javascript.ts')).runJavaScript(run, image)
    return await (await import('./sqlite.ts')).runSqlite(run, image)
  } catch (error) {
    const message = (error as Error)?.message ?? String(error)
    const memory = /memory cap|out of memory|Cannot enlarge memory|Out of bounds memory/i.test(message)
    return failed(`${request.command}: ${memory ? `out of memory (the cap is ${Math.round(request.memoryBytes / 2 ** 20)} MiB): ` : 'the runtime failed: '}${message}\n`, 1)
  }
}
