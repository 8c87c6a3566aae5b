/**
 * A scripted OpenAI-compatible upstream on 127.0.0.1 (no key, no network) for the tests, the
 * bench, the browser spec and `npm run gateway -- --upstream scripted`. It records every request
 * (headers, body, whether the caller went away early) and answers from directives in the last
 * user message: `[tokens=N]` usage, `[chunks=N]` content chunks, `[tool=NAME {json}]` one tool
 * call (then a text answer once the tool result comes back), `[stall]` one chunk then silence,
 * `[drip=N]` N content chunks 100 ms apart,
 * `[hang]` no headers, `[status=N]` an error, `[echo-key]` a 401 quoting the key it was sent.
 * @module gateway/dev/scripted-upstream
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  readonly path: string
  readonly headers: IncomingMessage['headers']
  readonly body: Record<string, unknown>
  /** Set when the caller closed the connection before the answer ended. */
  abortedAt?: number
  /** Every byte this upstream sent for the request. */
  sent: string
}

export interface ScriptedUpstream {
  readonly url: string
  readonly requests: RecordedRequest[]
  close(): Promise<void>
}

interface WireMessage { role?: string; content?: unknown }

const created = 1_700_000_000

function chunk(delta: Record<string, unknown>, finish: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created, model: 'deepseek-chat', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
}

function usageChunk(total: number): string {
  const prompt = Math.ceil(total / 2)
  return `data: ${JSON.stringify({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created, model: 'deepseek-chat', choices: [], usage: { prompt_tokens: prompt, completion_tokens: total - prompt, total_tokens: total } })}\n\n`
}

function directive(text: string, name: string): string | undefined {
  return new RegExp(`\\[${name}(?:=([^\\]]*))?\\]`).exec(text)?.[1] ?? (text.includes(`[${name}]`) ? '' : undefined)
}

function textOf(content: unknown): string {
  return typeof content === 'string' ? content : Array.isArray(content) ? content.map((part) => (part as { text?: string }).text ?? '').join('') : ''
}

/** The SSE events (as strings) answering `body`. */
export function scriptedEvents(body: Record<string, unknown>): string[] {
  const messages = (body.messages as WireMessage[] | undefined) ?? []
  const last = messages.at(-1)
  const question = textOf([...messages].reverse().find((m) => m.role === 'user')?.content)
  const tokens = Number(directive(question, 'tokens') ?? 10)
  const tool = directive(question, 'tool')
  const events = [chunk({ role: 'assistant', content: '' })]
  if (tool !== undefined && last?.role === 'user') {
    const [name, ...rest] = tool.split(' ')
    events.push(chunk({ tool_calls: [{ index: 0, id: 'call_scripted_1', type: 'function', function: { name, arguments: '' } }] }))
    events.push(chunk({ tool_calls: [{ index: 0, function: { arguments: rest.join(' ') || '{}' } }] }))
    events.push(chunk({}, 'tool_calls'))
  } else {
    const count = Number(directive(question, 'chunks') ?? directive(question, 'drip') ?? 0)
    const words = count > 0 ? Array.from({ length: count }, (_, i) => `w${i} `) : (last?.role === 'tool' ? `The tool answered: ${textOf(last.content).slice(0, 80)}` : 'This answer came through the site’s gateway from a scripted upstream (no key, no network).').split(/(?<= )/)
    for (const word of words) events.push(chunk({ content: word }))
    events.push(chunk({}, 'stop'))
  }
  events.push(usageChunk(tokens), 'data: [DONE]\n\n')
  return events
}

/** Writes `events` 100 ms apart until done or the caller goes away. */
function drip(events: string[], write: (text: string) => void, res: ServerResponse): void {
  let at = 0
  const timer = setInterval(() => {
    if (res.destroyed || at === events.length) {
      clearInterval(timer)
      if (!res.destroyed) res.end()
      return
    }
    write(events[at++]!)
  }, 100)
}

function answer(record: RecordedRequest, res: ServerResponse): void {
  const write = (text: string): void => { record.sent += text; res.write(text) }
  const question = textOf([...((record.body.messages as WireMessage[] | undefined) ?? [])].reverse().find((m) => m.role === 'user')?.content)
  if (directive(question, 'hang') !== undefined) return
  const status = directive(question, 'status')
  if (status) {
    res.writeHead(Number(status), { 'Content-Type': 'application/json', 'Retry-After': '7' })
    return void res.end(JSON.stringify({ error: { message: `scripted failure ${status}`, type: 'scripted' } }))
  }
  if (directive(question, 'echo-key') !== undefined) {
    res.writeHead(401, { 'Content-Type': 'application/json' })
    return void res.end(JSON.stringify({ error: { message: `Authentication Fails, Your api key: ${String(record.headers.authorization).replace(/^Bearer /, '')} is invalid` } }))
  }
  const events = scriptedEvents(record.body)
  if (record.body.stream !== true) {
    const text = events.slice(1, -2).map((e) => (JSON.parse(e.slice(6)) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '').join('')
    res.writeHead(200, { 'Content-Type': 'application/json' })
    const usage = (JSON.parse(events.at(-2)!.slice(6)) as { usage: unknown }).usage
    return void res.end(JSON.stringify({ id: 'chatcmpl-scripted', object: 'chat.completion', created, model: record.body.model, choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage }))
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' })
  if (directive(question, 'stall') !== undefined) return write(events[0]!)
  if (directive(question, 'drip') !== undefined) return drip(events, write, res)
  for (const event of events) write(event)
  res.end()
}

export async function startScriptedUpstream(): Promise<ScriptedUpstream> {
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (piece: string) => { raw += piece })
    req.on('end', () => {
      let body: Record<string, unknown> = {}
      try {
        body = JSON.parse(raw) as Record<string, unknown>
      } catch {
        body = {}
      }
      const record: RecordedRequest = { path: req.url ?? '', headers: req.headers, body, sent: '' }
      requests.push(record)
      res.on('close', () => { if (!res.writableFinished) record.abortedAt = Date.now() })
      answer(record, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }),
  }
}
