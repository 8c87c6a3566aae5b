/**
 * Runs the gateway on real workerd (Miniflare's API; no network, no wrangler): bundles
 * `src/worker.ts` once per process with rolldown, binds the `LIMITS` Durable Object and the
 * given variables, listens on 127.0.0.1 and hands every log line workerd prints to `onLog`.
 * Used by the tests, the bench, the browser spec and `npm run gateway`.
 * @module gateway/dev/workerd
 */
import { fileURLToPath } from 'node:url'
import { Miniflare } from 'miniflare'
import { rolldown } from 'rolldown'

export interface WorkerdGateway {
  readonly url: string
  dispose(): Promise<void>
}

export interface WorkerdOptions {
  readonly env: Record<string, string>
  readonly port?: number
  readonly onLog?: (line: string) => void
}

/** workerd's compatibility date this gateway is written against (also in wrangler.toml). */
export const COMPATIBILITY_DATE = '2026-04-01'

/** `request.signal` aborts when the reader disconnects, so a stalled upstream is cancelled too (also in wrangler.toml). */
export const COMPATIBILITY_FLAGS = ['enable_request_signal']

let bundled: Promise<string> | undefined

export function bundleWorker(): Promise<string> {
  bundled ??= (async () => {
    const build = await rolldown({ input: fileURLToPath(new URL('../src/worker.ts', import.meta.url)), platform: 'neutral', logLevel: 'silent' })
    const { output } = await build.generate({ format: 'esm' })
    await build.close()
    return output[0].code
  })()
  return bundled
}

function lines(onLog: (line: string) => void): (stream: NodeJS.ReadableStream) => void {
  return (stream) => {
    let rest = ''
    stream.setEncoding('utf8')
    stream.on('data', (piece: string) => {
      const parts = (rest + piece).split('\n')
      rest = parts.pop() ?? ''
      for (const line of parts) if (line.trim()) onLog(line)
    })
  }
}

export async function startWorkerdGateway(options: WorkerdOptions): Promise<WorkerdGateway> {
  const onLog = options.onLog ?? ((line: string) => console.log(line))
  const capture = lines(onLog)
  const mf = new Miniflare({
    modules: true,
    script: await bundleWorker(),
    compatibilityDate: COMPATIBILITY_DATE,
    compatibilityFlags: COMPATIBILITY_FLAGS,
    bindings: options.env,
    durableObjects: { LIMITS: 'GatewayLimits' },
    host: '127.0.0.1',
    port: options.port ?? 0,
    handleRuntimeStdio: (stdout: NodeJS.ReadableStream, stderr: NodeJS.ReadableStream) => { capture(stdout); capture(stderr) },
  })
  const url = await mf.ready
  return { url: url.origin, dispose: () => mf.dispose() }
}
