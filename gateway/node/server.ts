/**
 * The Node adapter: serves the same Fetch-API handler from `node:http` with in-memory ledgers,
 * for a site's own server behind a reverse proxy. Request bodies stream in, response bodies
 * stream out chunk by chunk; a reader who goes away cancels the response stream (and so the
 * upstream request) at once.
 * @module gateway/node/server
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { createGateway, type Gateway, type GatewayOptions } from '../src/gateway.ts'
import type { GatewayEnv } from '../src/config.ts'

export interface NodeGatewayOptions extends GatewayOptions {
  readonly env: GatewayEnv
  /** The public origin of this server when behind a proxy (default from the Host header). */
  readonly publicUrl?: string
}

function toRequest(req: IncomingMessage, base: string, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS'
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal }
  if (hasBody) Object.assign(init, { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' })
  return new Request(new URL(req.url ?? '/', base), init)
}

/** Resolves when `res` can take more, or is closed (either listener is removed with the other). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      res.off('drain', done).off('close', done)
      resolve()
    }
    res.once('drain', done).once('close', done)
  })
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => { headers[name] = value })
  res.writeHead(response.status, headers)
  if (!response.body) return void res.end()
  res.flushHeaders()
  const reader = response.body.getReader()
  res.on('close', () => { if (!res.writableFinished) reader.cancel().catch(() => undefined) })
  try {
    while (true) {
      const { done, value } = await reader.read()
      if (done) break
      if (!res.write(value)) await drained(res)
    }
    res.end()
  } catch {
    res.destroy()
  }
}

export async function handleNode(gateway: Gateway, env: GatewayEnv, req: IncomingMessage, res: ServerResponse, publicUrl?: string): Promise<void> {
  const abort = new AbortController()
  res.on('close', () => { if (!res.writableFinished) abort.abort(new Error('the reader went away')) })
  const base = publicUrl ?? `http://${req.headers.host ?? 'localhost'}`
  const response = await gateway.fetch(toRequest(req, base, abort.signal), env, { waitUntil: (promise) => void promise.catch(() => undefined) })
  await send(response, res)
}

/** An `http.Server` serving the gateway (call `.listen(port, host)`). */
export function createNodeGateway(options: NodeGatewayOptions): Server {
  const gateway = createGateway(options)
  return createServer((req, res) => {
    handleNode(gateway, options.env, req, res, options.publicUrl).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":{"code":"GATEWAY_ERROR","message":"the gateway failed unexpectedly"}}')
      else res.destroy()
    })
  })
}
