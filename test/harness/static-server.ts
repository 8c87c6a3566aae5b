/**
 * A bare Node static file server for embed tests (no Vite): serves one directory on 127.0.0.1
 * with fixed extra headers (CSP, CORS) and extra in-memory pages, and records every request path.
 * A path ending in `/` serves that directory's `index.html`.
 * @module test/harness/static-server
 */
import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
}

export interface StaticServerOptions {
  /** Directory served for every path not in `pages`. */
  root: string
  /** In-memory files by URL path (e.g. `/index.html`). */
  pages?: Record<string, string>
  /** Headers sent with every response. */
  headers?: Record<string, string>
}

export interface StaticServer {
  origin: string
  requests: string[]
  close(): Promise<void>
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const requests: string[] = []
  const server: Server = createServer((request, response) => {
    const requested = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    requests.push(requested)
    const path = requested.endsWith('/') ? `${requested}index.html` : requested
    const headers = { ...options.headers }
    const page = options.pages?.[path]
    const file = normalize(join(options.root, path))
    const body = page !== undefined ? Promise.resolve(Buffer.from(page)) : file.startsWith(options.root) ? readFile(file) : Promise.reject(new Error('outside root'))
    body.then(
      (bytes) => response.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(bytes),
      () => response.writeHead(404, headers).end('not found'),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('static server: no TCP address')
  return {
    origin: `http://127.0.0.1:${address.port}`,
    requests,
    // A page that navigated away may leave a connection open that `close` alone would wait for.
    close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections() }),
  }
}
