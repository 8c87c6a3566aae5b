/**
 * A real MCP server for tests: the SDK's low-level `Server` over its Streamable HTTP server
 * transport (stateful sessions, event stream on GET) on 127.0.0.1, with CORS as the README asks
 * of a server, raw control of the listed tools (any schema, annotations, duplicates) and fault
 * knobs: HTTP status, non-JSON answers, dropped event streams, slow tools, stop and restart on the same port.
 * @module test/harness/mcp-server
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'

export interface TestTool {
  /** The listed entry as sent (untrusted shapes allowed). */
  listed: Record<string, unknown>
  /** The result of `tools/call`; `signal` aborts when the client cancels. */
  call?: (args: Record<string, unknown>, signal: AbortSignal) => Promise<Record<string, unknown>> | Record<string, unknown>
}

export interface McpTestServerOptions {
  tools: TestTool[]
  /** Access-Control-Allow-Origin for the page origin (default `*`). */
  allowOrigin?: string
  /** Header every request must carry, e.g. `{authorization: 'Bearer t'}` → otherwise 401. */
  requireHeader?: [string, string]
  port?: number
}

export interface McpTestServer {
  url: string
  origin: string
  /** Every request: method, path, and the headers asked about. */
  requests: { method: string; path: string; authorization?: string; origin?: string }[]
  /** Calls received, by raw tool name. */
  calls: { name: string; args: unknown }[]
  /** Calls cancelled by the client (`notifications/cancelled`). */
  cancelled: string[]
  /** Next POSTs answer this instead (status + body); `undefined` = normal. */
  fault: { status: number; body: string; contentType?: string } | undefined
  setTools(tools: TestTool[]): void
  /** Sends `notifications/tools/list_changed` on every session, `times` times. */
  listChanged(times?: number): Promise<void>
  /** Ends every open GET event stream (the server stays up). */
  dropStreams(): void
  stop(): Promise<void>
  /** Starts again on the same port (new sessions). */
  restart(): Promise<void>
}

const CORS_HEADERS = 'content-type, authorization, mcp-session-id, mcp-protocol-version, last-event-id'

export async function startMcpTestServer(options: McpTestServerOptions): Promise<McpTestServer> {
  let tools = options.tools
  const sessions = new Map<string, { server: Server; transport: StreamableHTTPServerTransport }>()
  const streams = new Set<ServerResponse>()
  let http: HttpServer | undefined
  let port = options.port ?? 0

  const newSession = (): StreamableHTTPServerTransport => {
    const server = new Server({ name: 'test-mcp', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } })
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools.map((t) => t.listed) }) as never)
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const tool = tools.find((t) => t.listed.name === request.params.name)
      api.calls.push({ name: request.params.name, args: request.params.arguments })
      extra.signal.addEventListener('abort', () => api.cancelled.push(request.params.name))
      if (!tool?.call) return { content: [{ type: 'text', text: `unknown tool ${request.params.name}` }], isError: true }
      return (await tool.call(request.params.arguments ?? {}, extra.signal)) as never
    })
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, { server, transport }),
    })
    transport.onclose = () => void (transport.sessionId && sessions.delete(transport.sessionId))
    void server.connect(transport)
    return transport
  }

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    api.requests.push({ method: request.method ?? '', path, ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}), ...(request.headers.origin ? { origin: request.headers.origin } : {}) })
    response.setHeader('Access-Control-Allow-Origin', options.allowOrigin ?? '*')
    response.setHeader('Access-Control-Expose-Headers', 'Mcp-Session-Id')
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, POST, DELETE', 'Access-Control-Allow-Headers': CORS_HEADERS, 'Access-Control-Max-Age': '0' }).end()
      return
    }
    if (path !== '/mcp') return void response.writeHead(404).end('no such endpoint')
    const [header, value] = options.requireHeader ?? []
    if (header && request.headers[header] !== value) return void response.writeHead(401, { 'content-type': 'text/plain' }).end(`unauthorized: got ${String(request.headers[header])}`)
    if (api.fault && request.method === 'POST') return void response.writeHead(api.fault.status, { 'content-type': api.fault.contentType ?? 'text/plain' }).end(api.fault.body)
    const sessionId = request.headers['mcp-session-id']
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined
    if (request.method === 'GET' && existing) {
      streams.add(response)
      response.on('close', () => streams.delete(response))
    }
    if (existing) return existing.transport.handleRequest(request, response)
    if (typeof sessionId === 'string') return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}')
    if (request.method !== 'POST') return void response.writeHead(400).end('no session')
    await newSession().handleRequest(request, response)
  }

  const listen = () => new Promise<void>((resolve) => {
    http = createServer((request, response) => void handle(request, response).catch((error) => response.writeHead(500).end(String(error))))
    http.listen(port, '127.0.0.1', () => {
      port = (http!.address() as AddressInfo).port
      resolve()
    })
  })
  const stop = async () => {
    for (const stream of streams) stream.destroy()
    await Promise.all([...sessions.values()].map((s) => s.server.close().catch(() => undefined)))
    sessions.clear()
    await new Promise<void>((resolve) => { http?.closeAllConnections(); http?.close(() => resolve()) })
  }

  await listen()
  const api: McpTestServer = {
    get url() { return `http://127.0.0.1:${port}/mcp` },
    get origin() { return `http://127.0.0.1:${port}` },
    requests: [],
    calls: [],
    cancelled: [],
    fault: undefined,
    setTools: (next) => { tools = next },
    listChanged: async (times = 1) => {
      for (let i = 0; i < times; i++) await Promise.all([...sessions.values()].map((s) => s.server.sendToolListChanged()))
    },
    dropStreams: () => { for (const stream of streams) stream.destroy() },
    stop,
    restart: listen,
  }
  return api
}

/** A plain text tool: `{name}` returns `text` (read-only when `readOnly`). */
export function textTool(name: string, text: string | ((args: Record<string, unknown>) => string), extra: Record<string, unknown> = {}): TestTool {
  return {
    listed: { name, description: `The ${name} tool.`, inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, ...extra },
    call: (args) => ({ content: [{ type: 'text', text: typeof text === 'function' ? text(args) : text }] }),
  }
}
