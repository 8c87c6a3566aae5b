/**
 * The one behaviour suite both gateway targets pass (workerd via Miniflare, and the Node adapter):
 * who may call, session tokens, every limit, the body caps, streaming pass-through, abort and idle
 * cut reaching the upstream, failures keeping their status, and the key absent from every
 * response and log line. Each target starts once per file against a scripted upstream on 127.0.0.1.
 * @module test/gateway/gateway-suite
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signSessionToken } from '../../gateway/src/session-token.ts'
import { startScriptedUpstream, type ScriptedUpstream } from '../../gateway/dev/scripted-upstream.ts'

export const UPSTREAM_KEY = 'sk-test-0123456789abcdef-secret'
const SECRET = 'session-secret-for-tests-0123456789abcdef'
const DOCS = 'http://docs.test'
const CLIENT_BUDGET = 'http://client-budget.test'
const SITE_BUDGET = 'http://site-budget.test'
const SITE_RPM = 'http://site-rpm.test'

export interface RunningGateway {
  readonly url: string
  close(): Promise<void>
}

export type StartGateway = (env: Record<string, string>, onLog: (line: string) => void) => Promise<RunningGateway>

export function gatewayEnv(upstream: string): Record<string, string> {
  return {
    UPSTREAM_BASE_URL: upstream,
    UPSTREAM_API_KEY: UPSTREAM_KEY,
    ALLOWED_ORIGINS: [DOCS, CLIENT_BUDGET, SITE_BUDGET, SITE_RPM].join(','),
    SESSION_SECRET: SECRET,
    ALLOWED_MODELS: 'deepseek-chat',
    RATE_LIMIT_RPM: '4',
    SITE_RATE_LIMIT_RPM: '40',
    CLIENT_DAILY_TOKENS: '1000',
    SITE_DAILY_TOKENS: '1500',
    MAX_TOKENS: '256',
    MAX_BODY_BYTES: '65536',
    MAX_MESSAGES: '20',
    MAX_TOOLS: '3',
    MAX_SCHEMA_BYTES: '2048',
    UPSTREAM_IDLE_TIMEOUT_MS: '1500',
  }
}

export function describeGatewaySuite(target: string, start: StartGateway): void {
  describe(`gateway on ${target}`, () => {
    let upstream: ScriptedUpstream
    let gateway: RunningGateway
    const logs: string[] = []
    const seen: string[] = []
    let clients = 0

    beforeAll(async () => {
      upstream = await startScriptedUpstream()
      gateway = await start(gatewayEnv(upstream.url), (line) => logs.push(line))
    })
    afterAll(async () => {
      await gateway?.close()
      await upstream?.close()
    })

    /** A fetch whose whole answer (status, headers, body) is kept for the key check. */
    async function call(path: string, init: RequestInit & { origin?: string | null } = {}): Promise<{ response: Response; text: string; json: () => any }> {
      const headers = new Headers(init.headers)
      if (init.origin !== null) headers.set('Origin', init.origin ?? DOCS)
      const response = await fetch(`${gateway.url}${path}`, { ...init, headers })
      const text = await response.text()
      seen.push(JSON.stringify([...response.headers]), text)
      return { response, text, json: () => JSON.parse(text) }
    }

    async function session(origin = DOCS, clientId = `client-${++clients}-${target}`): Promise<string> {
      const { json } = await call('/v1/session', { method: 'POST', origin, headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ client_id: clientId }) })
      return json().token as string
    }

    const body = (question: string, extra: Record<string, unknown> = {}): string =>
      JSON.stringify({ model: 'deepseek-chat', stream: true, messages: [{ role: 'user', content: question }], ...extra })

    const chat = (token: string | undefined, payload: string, origin = DOCS) =>
      call('/v1/chat/completions', { method: 'POST', origin, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: payload })

    it('answers /healthz and says the bot check is off', async () => {
      const { response, json } = await call('/healthz', { origin: null })
      expect(response.status).toBe(200)
      expect(json()).toMatchObject({ ok: true, bot_check: 'off', models: ['deepseek-chat'] })
    })

    it('refuses a page of another origin (and one with no Origin) with 403 before the upstream', async () => {
      const before = upstream.requests.length
      const token = await session()
      const refused = await chat(token, body('hi'), 'http://evil.test')
      expect(refused.response.status).toBe(403)
      expect(refused.json().error.code).toBe('ORIGIN_NOT_ALLOWED')
      expect(refused.response.headers.get('Access-Control-Allow-Origin')).toBe('http://evil.test')
      const preflight = await call('/v1/chat/completions', { method: 'OPTIONS', origin: 'http://evil.test' })
      expect(preflight.response.status).toBe(403)
      expect(preflight.response.headers.get('Access-Control-Allow-Origin')).toBeNull()
      expect((await call('/v1/session', { method: 'POST', origin: null, body: '{}' })).response.status).toBe(403)
      expect(upstream.requests.length).toBe(before)
    })

    it('answers a preflight from an allowed origin naming it, never *', async () => {
      const { response } = await call('/v1/chat/completions', { method: 'OPTIONS', headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' } })
      expect(response.status).toBe(204)
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe(DOCS)
      expect(response.headers.get('Access-Control-Allow-Headers')).toMatch(/Authorization/)
    })

    it('issues a session token bound to origin and client, with its expiry', async () => {
      const { response, json } = await call('/v1/session', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ client_id: 'reader-abcdef12' }) })
      expect(response.status).toBe(200)
      const answer = json()
      expect(answer).toMatchObject({ client_id: 'reader-abcdef12', bot_check: 'off' })
      expect(answer.expires_at).toBeGreaterThan(Date.now() / 1000)
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe(DOCS)
    })

    it('refuses a missing, forged, expired or other-origin token with 401 and a code', async () => {
      const before = upstream.requests.length
      const valid = await session()
      const [head] = valid.split('.')
      const expired = await signSessionToken({ origin: DOCS, clientId: 'reader-expired1', expiresAt: Math.floor(Date.now() / 1000) - 5 }, SECRET)
      const otherSecret = await signSessionToken({ origin: DOCS, clientId: 'reader-forged01', expiresAt: Math.floor(Date.now() / 1000) + 600 }, 'another-secret-0123456789abcdef0123456789')
      const cases: [string | undefined, string][] = [
        [undefined, 'TOKEN_MISSING'],
        [`${head}.AAAA`, 'TOKEN_INVALID'],
        [otherSecret, 'TOKEN_INVALID'],
        [expired, 'TOKEN_EXPIRED'],
        [await session(SITE_BUDGET), 'TOKEN_ORIGIN_MISMATCH'],
      ]
      for (const [token, code] of cases) {
        const { response, json } = await chat(token, body('hi'))
        expect([response.status, json().error.code]).toEqual([401, code])
      }
      expect(upstream.requests.length).toBe(before)
    })

    it('refuses a model not allowed, a body too large and requests over the caps, before the upstream', async () => {
      const before = upstream.requests.length
      const token = await session()
      const model = await chat(token, body('hi', { model: 'gpt-4o' }))
      expect([model.response.status, model.json().error.code]).toEqual([400, 'MODEL_NOT_ALLOWED'])
      const large = await chat(token, body('x'.repeat(70_000)))
      expect([large.response.status, large.json().error.code]).toEqual([413, 'BODY_TOO_LARGE'])
      const messages = Array.from({ length: 21 }, () => ({ role: 'user', content: 'hi' }))
      const many = await chat(token, JSON.stringify({ model: 'deepseek-chat', messages }))
      expect(many.json().error.code).toBe('TOO_MANY_MESSAGES')
      const tool = (name: string, size = 10) => ({ type: 'function', function: { name, description: 'd'.repeat(size), parameters: { type: 'object' } } })
      const tools = await chat(token, body('hi', { tools: [tool('a'), tool('b'), tool('c'), tool('d')] }))
      expect(tools.json().error.code).toBe('TOO_MANY_TOOLS')
      const schema = await chat(token, body('hi', { tools: [tool('a', 3000)] }))
      expect([schema.response.status, schema.json().error.code]).toEqual([400, 'SCHEMA_TOO_LARGE'])
      expect(upstream.requests.length).toBe(before)
    })

    it('forwards with the site key, clamps max_tokens, forces include_usage and drops unknown parameters', async () => {
      const token = await session()
      const { response } = await chat(token, body('hi', { max_tokens: 9999, n: 5, user: 'someone', temperature: 0.2, stream_options: { include_usage: false } }))
      expect(response.status).toBe(200)
      const sent = upstream.requests.at(-1)!
      expect(sent.path).toBe('/chat/completions')
      expect(sent.headers.authorization).toBe(`Bearer ${UPSTREAM_KEY}`)
      expect(sent.body).toEqual({ model: 'deepseek-chat', stream: true, messages: [{ role: 'user', content: 'hi' }], max_tokens: 256, temperature: 0.2, stream_options: { include_usage: true } })
    })

    it('streams the upstream SSE byte for byte, and answers a non-streaming request', async () => {
      const token = await session()
      const streamed = await chat(token, body('hi [chunks=50]'))
      expect(streamed.response.headers.get('Content-Type')).toMatch(/text\/event-stream/)
      expect(streamed.text).toBe(upstream.requests.at(-1)!.sent)
      expect(streamed.text.split('\n\n').length).toBeGreaterThan(50)
      const plain = await chat(token, body('hi', { stream: false }))
      expect(plain.json()).toMatchObject({ object: 'chat.completion', usage: { total_tokens: 10 } })
    })

    it('passes the first chunk on while the upstream is still sending, and a reader abort reaches the upstream before it ends', async () => {
      const token = await session()
      const controller = new AbortController()
      const response = await fetch(`${gateway.url}/v1/chat/completions`, { method: 'POST', signal: controller.signal, headers: { Origin: DOCS, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: body('slow [drip=100]') })
      const reader = response.body!.getReader()
      const first = new TextDecoder().decode((await reader.read()).value)
      const record = upstream.requests.at(-1)!
      expect(record.sent.startsWith(first)).toBe(true)
      expect(record.abortedAt).toBeUndefined()
      controller.abort()
      // The upstream drips for 10 s and the idle cut (1.5 s) never fires while it drips: only the abort closes it.
      await expect.poll(() => record.abortedAt, { timeout: 5000 }).toBeDefined()
      expect(record.sent.split('\n\n').length).toBeLessThan(100)
    })

    it('cuts a stalled upstream after the idle timeout with a named event, and a silent one with 504', async () => {
      const token = await session()
      const stalled = await chat(token, body('wait [stall]'))
      expect(stalled.response.status).toBe(200)
      expect(stalled.text).toContain('"code":"UPSTREAM_IDLE_TIMEOUT"')
      await expect.poll(() => upstream.requests.at(-1)!.abortedAt, { timeout: 5000 }).toBeDefined()
      const silent = await chat(await session(), body('wait [hang]'))
      expect([silent.response.status, silent.json().error.code]).toEqual([504, 'UPSTREAM_TIMEOUT'])
    })

    it('keeps an upstream failure’s status with a clear code, and scrubs the key the upstream echoes', async () => {
      const token = await session()
      const server = await chat(token, body('[status=503]'))
      expect([server.response.status, server.json().error.code, server.response.headers.get('Retry-After')]).toEqual([503, 'UPSTREAM_SERVER_ERROR', '7'])
      const echoed = await chat(token, body('[echo-key]'))
      expect([echoed.response.status, echoed.json().error.code]).toEqual([401, 'UPSTREAM_AUTH'])
      expect(echoed.text).toContain('[redacted]')
    })

    it('limits a client’s requests per minute with 429, Retry-After and the limit named', async () => {
      const token = await session()
      for (let i = 0; i < 4; i++) expect((await chat(token, body('hi'))).response.status).toBe(200)
      const { response, json } = await chat(token, body('hi'))
      expect(response.status).toBe(429)
      expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0)
      expect(json().error).toMatchObject({ code: 'RATE_LIMITED', limit: 'RATE_LIMIT_RPM', scope: 'client' })
      expect(Date.parse(json().error.resets_at)).toBeGreaterThan(Date.now())
    })

    it('limits a client’s daily tokens, counted from the upstream usage, until the next UTC midnight', async () => {
      const token = await session(CLIENT_BUDGET)
      expect((await chat(token, body('[tokens=600]'), CLIENT_BUDGET)).response.status).toBe(200)
      expect((await chat(token, body('[tokens=600]'), CLIENT_BUDGET)).response.status).toBe(200)
      await expect.poll(async () => (await chat(token, body('hi'), CLIENT_BUDGET)).response.status).toBe(429)
      const { json } = await chat(token, body('hi'), CLIENT_BUDGET)
      const midnight = new Date()
      midnight.setUTCHours(24, 0, 0, 0)
      expect(json().error).toMatchObject({ limit: 'CLIENT_DAILY_TOKENS', scope: 'client', resets_at: midnight.toISOString() })
      expect((await chat(await session(CLIENT_BUDGET), body('hi'), CLIENT_BUDGET)).response.status).toBe(200)
    })

    it('limits a site’s daily tokens across its readers', async () => {
      for (let i = 0; i < 3; i++) expect((await chat(await session(SITE_BUDGET), body('[tokens=600]'), SITE_BUDGET)).response.status).toBe(200)
      const token = await session(SITE_BUDGET)
      await expect.poll(async () => (await chat(token, body('hi'), SITE_BUDGET)).json().error?.limit).toBe('SITE_DAILY_TOKENS')
    })

    it('limits a site’s requests per minute across its readers', async () => {
      let answered = 0
      let refused: any
      let token = ''
      for (let i = 0; i < 80 && !refused; i++) {
        if (i % 4 === 0) token = await session(SITE_RPM) // a client's own bucket holds 4
        const result = await chat(token, body('hi'), SITE_RPM)
        if (result.response.status === 200) answered++
        else refused = result.json().error
      }
      expect(answered).toBeGreaterThanOrEqual(40)
      expect(refused).toMatchObject({ code: 'RATE_LIMITED', limit: 'SITE_RATE_LIMIT_RPM', scope: 'site' })
    })

    it('lists the allowed models', async () => {
      const { json } = await call('/v1/models')
      expect(json().data.map((m: { id: string }) => m.id)).toEqual(['deepseek-chat'])
    })

    it('logs one structured line per request, without prompt text, and never the key anywhere', async () => {
      const token = await session()
      await chat(token, body('a private question about unicorns'))
      await expect.poll(() => logs.some((line) => line.includes('"total_tokens":10'))).toBe(true)
      const entries = logs.filter((line) => line.includes('"msg":"request"')).map((line) => JSON.parse(line.slice(line.indexOf('{'))))
      const chatLine = entries.find((e) => e.path === '/v1/chat/completions' && e.status === 200)
      expect(chatLine).toMatchObject({ origin: DOCS, model: 'deepseek-chat', stream: true, total_tokens: 10 })
      expect(chatLine.request_id).toMatch(/^[0-9a-f-]{36}$/)
      expect(chatLine.client).toMatch(/^[0-9a-f]{12}$/)
      expect(typeof chatLine.latency_ms).toBe('number')
      expect(entries.some((e) => e.status === 429 && e.limit === 'RATE_LIMIT_RPM')).toBe(true)
      expect(logs.join('\n')).not.toContain('unicorns')
      expect(logs.join('\n')).not.toContain('client-1-')
      for (const text of [...seen, ...logs]) expect(text).not.toContain(UPSTREAM_KEY)
      expect(seen.length).toBeGreaterThan(50)
    })
  })
}
