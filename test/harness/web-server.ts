/**
 * A scripted HTTP server on 127.0.0.1 for web_fetch tests: each path answers with a fixed status,
 * headers and body (or a redirect, or a streamed body of a given size), and every request is
 * recorded with its cookie header. Real HTTP, no mocks.
 * @module test/harness/web-server
 */
import { createServer, type Server } from 'node:http'

export type Route =
  | { status?: number; type?: string; body: string | Uint8Array; headers?: Record<string, string> }
  | { redirect: string }
  | { stream: number; type: string }

export interface WebServer {
  origin: string
  requests: { path: string; cookie?: string; origin?: string }[]
  close(): Promise<void>
}

export async function startWebServer(routes: Record<string, Route>): Promise<WebServer> {
  const requests: WebServer['requests'] = []
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    requests.push({ path, ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}), ...(req.headers.origin ? { origin: req.headers.origin } : {}) })
    const route = routes[path]
    if (!route) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
    if ('redirect' in route) return void res.writeHead(302, { location: route.redirect }).end()
    if ('stream' in route) {
      res.writeHead(200, { 'content-type': route.type })
      const chunk = 'x'.repeat(16_384)
      let sent = 0
      const pump = () => {
        while (sent < route.stream) {
          sent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      res.on('error', () => undefined)
      return pump()
    }
    res.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'text/html; charset=utf-8', ...route.headers }).end(route.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return {
    origin,
    requests,
    close: () => new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}
