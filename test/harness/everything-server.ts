/**
 * The official reference server `@modelcontextprotocol/server-everything` (from npm, a devDependency)
 * in its Streamable HTTP mode, as a child process on 127.0.0.1 (a free port found first; it binds
 * that port itself). Its own log lines say which sessions began and which a client ended (`DELETE`).
 * @module test/harness/everything-server
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'

export interface EverythingServer {
  url: string
  /** Session ids the server initialized, in order. */
  sessions: string[]
  /** Session ids a client ended with `DELETE`. */
  terminated: string[]
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

const entry = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js')

export async function startEverythingServer(): Promise<EverythingServer> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, [entry, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] })
  const sessions: string[] = []
  const terminated: string[] = []
  let stderr = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    for (const match of chunk.matchAll(/Session initialized with ID: (\S+)/g)) sessions.push(match[1]!)
    for (const match of chunk.matchAll(/Received session termination request for session (\S+)/g)) terminated.push(match[1]!)
  })
  await new Promise<void>((resolve, reject) => {
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
      if (stderr.includes('listening on port')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${stderr}`)))
  })
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    sessions,
    terminated,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill()
      const stubborn = setTimeout(() => child.kill('SIGKILL'), 3_000)
      await exited
      clearTimeout(stubborn)
    },
  }
}
