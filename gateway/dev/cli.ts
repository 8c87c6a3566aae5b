/**
 * `npm run gateway -- [--port N] [--vars FILE] [--node]`: starts the gateway on 127.0.0.1 with
 * the variables of `gateway/.dev.vars` (else `.dev.vars.example`) on real workerd, or on the Node
 * adapter with `--node`, and prints its URL. `UPSTREAM_BASE_URL=scripted` (the example's default)
 * also starts the scripted upstream on 127.0.0.1, so the docs demo answers with no key and no network.
 * @module gateway/dev/cli
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createNodeGateway } from '../node/server.ts'
import { readDevVars } from './dev-vars.ts'
import { startScriptedUpstream } from './scripted-upstream.ts'
import { startWorkerdGateway } from './workerd.ts'

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name)
  return at === -1 ? undefined : args[at + 1]
}

export async function main(args: string[]): Promise<void> {
  const port = Number(option(args, '--port') ?? 8787)
  const local = fileURLToPath(new URL('../.dev.vars', import.meta.url))
  const varsFile = option(args, '--vars') ?? (existsSync(local) ? local : fileURLToPath(new URL('../.dev.vars.example', import.meta.url)))
  const env = readDevVars(varsFile)
  const closers: (() => Promise<void>)[] = []
  if (env.UPSTREAM_BASE_URL === 'scripted') {
    const upstream = await startScriptedUpstream()
    closers.push(() => upstream.close())
    env.UPSTREAM_BASE_URL = upstream.url
    env.UPSTREAM_API_KEY ||= 'scripted-upstream-takes-no-key'
    console.log(`gateway: scripted upstream on ${upstream.url} (no key, no network)`)
  }
  let url: string
  if (args.includes('--node')) {
    const server = createNodeGateway({ env })
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve))
    closers.push(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }))
    url = `http://127.0.0.1:${port}`
  } else {
    const gateway = await startWorkerdGateway({ env, port })
    closers.push(() => gateway.dispose())
    url = gateway.url
  }
  console.log(`gateway: ${url} (${args.includes('--node') ? 'Node adapter' : 'workerd'}; variables from ${varsFile}; allowed origins ${env.ALLOWED_ORIGINS ?? '(none)'})`)
  const stop = async (): Promise<void> => {
    for (const close of closers.reverse()) await close().catch(() => undefined)
    process.exit(0)
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
}
