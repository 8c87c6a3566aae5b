/**
 * The MCP demo's server: the official SDK's `McpServer` over Streamable HTTP on 127.0.0.1 (port
 * MCP_DEMO_PORT, default 4190), answering CORS from any page origin as the README asks of a
 * server. Two tools over a small in-memory docs index: `search_docs` (read-only) and
 * `rate_page` (changes state, so the agent asks first). Usage: `npm run demo:mcp` (then open /mcp/),
 * or import `startDemoMcpServer({ port })` (the browser specs and the bench do).
 * @module scripts/mcp-demo-server
 */
import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import * as z from 'zod/v4'

const PAGES = [
  { id: 'install', title: 'Installation', text: 'Add one module script and one <dsh-agent> element; copy dist/ to any static host.' },
  { id: 'mcp', title: 'Connecting MCP servers', text: 'List servers in mcp-servers; each must answer CORS for the page origin and expose Mcp-Session-Id.' },
  { id: 'page-tools', title: 'Page tools', text: 'element.registerTool({name, description, parameters, effect, execute}) runs the body on the host page.' },
]

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE',
  'Access-Control-Allow-Headers': 'content-type, authorization, mcp-session-id, mcp-protocol-version, last-event-id',
  'Access-Control-Expose-Headers': 'Mcp-Session-Id',
}

function docsServer(ratings) {
  const server = new McpServer({ name: 'dsh-agent-demo-docs', version: '1.0.0' })
  server.registerTool('search_docs', {
    title: 'Search the docs',
    description: 'Searches the documentation and returns matching page ids, titles and text.',
    inputSchema: { query: z.string().min(1).describe('Words to look for') },
    annotations: { readOnlyHint: true },
  }, async ({ query }) => {
    const words = query.toLowerCase().split(/\s+/)
    const hits = PAGES.filter((page) => words.some((word) => `${page.title} ${page.text}`.toLowerCase().includes(word)))
    const text = hits.length === 0 ? `No page matches "${query}".` : hits.map((page) => `${page.id}: ${page.title} — ${page.text}`).join('\n')
    return { content: [{ type: 'text', text }] }
  })
  server.registerTool('rate_page', {
    title: 'Rate a docs page',
    description: 'Records whether a docs page was helpful (stored on the docs server).',
    inputSchema: { page: z.enum(PAGES.map((page) => page.id)), helpful: z.boolean() },
    annotations: { destructiveHint: false, openWorldHint: false },
  }, async ({ page, helpful }) => {
    ratings.push({ page, helpful })
    return { content: [{ type: 'text', text: `Recorded: "${page}" was ${helpful ? '' : 'not '}helpful (${ratings.length} ratings so far).` }] }
  })
  return server
}

/** Starts the server; `port: 0` picks a free one. @returns `{url, origin, requests, ratings, close}` */
export async function startDemoMcpServer({ port = 4190 } = {}) {
  const sessions = new Map()
  const requests = []
  const ratings = []
  const http = createServer(async (request, response) => {
    requests.push({ method: request.method, path: request.url, origin: request.headers.origin })
    for (const [name, value] of Object.entries(CORS)) response.setHeader(name, value)
    if (request.method === 'OPTIONS') return void response.writeHead(204).end()
    if (new URL(request.url ?? '/', 'http://x').pathname !== '/mcp') return void response.writeHead(404).end()
    const id = request.headers['mcp-session-id']
    const known = typeof id === 'string' ? sessions.get(id) : undefined
    if (known) return known.handleRequest(request, response)
    if (request.method !== 'POST') return void response.writeHead(400).end('no session')
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (sid) => void sessions.set(sid, transport) })
    transport.onclose = () => void (transport.sessionId && sessions.delete(transport.sessionId))
    await docsServer(ratings).connect(transport)
    await transport.handleRequest(request, response)
  })
  await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve))
  const address = http.address()
  const origin = `http://127.0.0.1:${address.port}`
  return {
    url: `${origin}/mcp`, origin, requests, ratings,
    close: () => new Promise((resolve) => { http.closeAllConnections(); http.close(() => resolve()) }),
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await startDemoMcpServer({ port: Number(process.env.MCP_DEMO_PORT ?? 4190) })
  console.log(`MCP demo server on ${server.url} — open the /mcp/ demo page (npm start)`)
}
