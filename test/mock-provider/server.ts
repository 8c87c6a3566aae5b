/**
 * Test-only mock of DeepSeek's chat-completions endpoint on 127.0.0.1 (random port): plays
 * queued responses with switchable faults (byte splits, delays, keep-alive floods, hangs,
 * socket resets, status codes with or without exposed Retry-After), answers CORS preflights,
 * records every request with headers and body, and sees when the client closes early.
 * @module test/mock-provider/server
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type MockStep =
  | { write: string | Uint8Array }
  | { delayMs: number }
  | { keepAlive: { everyMs: number; count?: number } }
  | { reset: true }
  | { hang: true }

export interface MockResponse {
  status?: number
  headers?: Record<string, string>
  /** Adds `Access-Control-Expose-Headers: Retry-After` so browsers may read it. */
  exposeRetryAfter?: boolean
  /** Written in one piece before `steps`. */
  body?: string | Uint8Array
  steps?: MockStep[]
}

export type MockHandler = MockResponse | ((request: RecordedRequest) => MockResponse)

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
  /** Resolves when the connection closes or the response ends; `closedEarly` tells which. */
  closed: Promise<void>
  closedEarly: boolean
}

const CORS = { 'Access-Control-Allow-Origin': '*' }
const SSE_HEADERS = { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' }

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export class MockProvider {
  /** Send CORS headers (preflight and responses); off = a provider that refuses browsers. */
  cors = true
  /** The request headers the preflight allows (a provider's documented CORS needs). */
  allowHeaders = 'authorization, content-type, accept'
  readonly requests: RecordedRequest[] = []
  readonly preflights: RecordedRequest[] = []
  private readonly queue: MockHandler[] = []

  private constructor(private readonly server: Server, readonly baseURL: string) {}

  static async start(): Promise<MockProvider> {
    let provider: MockProvider | undefined
    const server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => void provider!.handle(req.method ?? '', req.url ?? '', req.headers, Buffer.concat(chunks).toString('utf8'), res))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    provider = new MockProvider(server, `http://127.0.0.1:${port}`)
    return provider
  }

  /** Queues responses for the next requests, in order. */
  enqueue(...handlers: MockHandler[]): void {
    this.queue.push(...handlers)
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private async handle(method: string, url: string, headers: IncomingHttpHeaders, body: string, res: ServerResponse): Promise<void> {
    let resolveClosed!: () => void
    const record: RecordedRequest = { method, url, headers, body, closedEarly: false, closed: new Promise((resolve) => { resolveClosed = resolve }) }
    res.on('close', () => {
      record.closedEarly = !res.writableFinished
      resolveClosed()
    })
    if (method === 'OPTIONS') {
      this.preflights.push(record)
      res.writeHead(204, this.cors ? {
        ...CORS,
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': this.allowHeaders,
        'Access-Control-Max-Age': '600',
      } : {})
      res.end()
      return
    }
    this.requests.push(record)
    const handler = this.queue.shift() ?? { status: 500, body: '{"error":{"message":"mock provider has no response queued"}}' }
    await this.play(typeof handler === 'function' ? handler(record) : handler, res)
  }

  private async play(response: MockResponse, res: ServerResponse): Promise<void> {
    const status = response.status ?? 200
    const headers: Record<string, string> = { ...(this.cors ? CORS : {}), ...(status === 200 ? SSE_HEADERS : { 'Content-Type': 'application/json' }), ...response.headers }
    if (response.exposeRetryAfter) headers['Access-Control-Expose-Headers'] = 'Retry-After'
    res.writeHead(status, headers)
    res.flushHeaders()
    if (response.body !== undefined) res.write(response.body)
    for (const step of response.steps ?? []) {
      if (res.destroyed) return
      if ('write' in step) res.write(step.write)
      else if ('delayMs' in step) await sleep(step.delayMs)
      else if ('keepAlive' in step) await this.keepAlive(res, step.keepAlive.everyMs, step.keepAlive.count)
      else if ('reset' in step) {
        await sleep(5)
        res.socket?.resetAndDestroy()
        return
      } else return
    }
    res.end()
  }

  private async keepAlive(res: ServerResponse, everyMs: number, count = Number.POSITIVE_INFINITY): Promise<void> {
    for (let i = 0; i < count && !res.destroyed; i += 1) {
      res.write(': keep-alive\n\n')
      await sleep(everyMs)
    }
  }
}
