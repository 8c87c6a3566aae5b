/**
 * The gateway's one Fetch-API handler: `/healthz`, then the origin check (before anything else
 * is read), CORS preflight, `POST /v1/session`, `GET /v1/models` and `POST /v1/chat/completions`
 * (token → body caps → limits → upstream → usage charged). Standard Request/Response/streams only,
 * so the same handler serves Cloudflare Workers and the Node adapter. One log line per request.
 * @module gateway/gateway
 */
import { configuredVerifier, type BotVerifier } from './bot-check.ts'
import { checkChatRequest, readBody } from './chat-request.ts'
import { GatewayConfigError, readConfig, type GatewayConfig, type GatewayEnv } from './config.ts'
import { allowedOrigin, corsHeaders, preflightHeaders } from './cors.ts'
import { GatewayError, errorResponse, jsonResponse } from './errors.ts'
import { DurableLimitStore, MemoryLimitStore, type DurableNamespace, type LimitStore } from './limit-store.ts'
import type { LedgerLimits } from './limits.ts'
import { consoleSink, lastUserText, writeLog, type LogSink, type RequestLog } from './log.ts'
import { clientHash, signSessionToken, verifySessionToken } from './session-token.ts'
import { forward } from './upstream.ts'

export interface GatewayContext {
  waitUntil(promise: Promise<unknown>): void
}

export interface GatewayOptions {
  /** A site's own bot check for `POST /v1/session` (default: `BOT_CHECK`, which is off unless set). */
  readonly botCheck?: BotVerifier
  /** Where log lines go (default `console.log`). */
  readonly log?: LogSink
  /** Ledgers (default: the `LIMITS` Durable Object binding when present, else in memory). */
  readonly store?: LimitStore
  /** The clock (epoch ms). */
  readonly now?: () => number
}

export interface Gateway {
  fetch(request: Request, env: GatewayEnv, ctx?: GatewayContext): Promise<Response>
}

const VERSION = '1'
const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/

interface Call {
  readonly request: Request
  readonly config: GatewayConfig
  readonly origin: string
  readonly log: RequestLog
  readonly ctx: GatewayContext | undefined
  readonly started: number
  /** Set once a chat is forwarded: its outcome writes the log line, not the handler. */
  forwarded: boolean
}

export function createGateway(options: GatewayOptions = {}): Gateway {
  const sink = options.log ?? consoleSink
  const now = options.now ?? Date.now
  const configs = new WeakMap<object, GatewayConfig | GatewayConfigError>()
  const stores = new WeakMap<object, LimitStore>()

  function configFor(env: GatewayEnv): GatewayConfig {
    let config = configs.get(env)
    if (!config) {
      try {
        config = readConfig(env)
      } catch (error) {
        if (!(error instanceof GatewayConfigError)) throw error
        config = error
      }
      configs.set(env, config)
    }
    if (config instanceof GatewayConfigError) throw new GatewayError(500, 'GATEWAY_MISCONFIGURED', `the gateway is misconfigured: ${config.message}`, { variable: config.variable })
    return config
  }

  function storeFor(env: GatewayEnv): LimitStore {
    if (options.store) return options.store
    let store = stores.get(env)
    if (!store) {
      const binding = env.LIMITS as DurableNamespace | undefined
      store = binding && typeof binding.idFromName === 'function' ? new DurableLimitStore(binding) : new MemoryLimitStore()
      stores.set(env, store)
    }
    return store
  }

  const verifierFor = (config: GatewayConfig): BotVerifier => options.botCheck ?? configuredVerifier(config)

  async function session(call: Call): Promise<Response> {
    const { text } = await readBody(call.request, 4096)
    let asked: { client_id?: unknown; bot_token?: unknown } = {}
    try {
      asked = text ? (JSON.parse(text) as typeof asked) : {}
    } catch {
      throw new GatewayError(400, 'INVALID_JSON', 'the session request body is not JSON')
    }
    const verifier = verifierFor(call.config)
    const check = await verifier.verify({ token: typeof asked.bot_token === 'string' ? asked.bot_token : undefined, origin: call.origin, ip: call.request.headers.get('CF-Connecting-IP') ?? undefined })
    if (!check.ok) throw new GatewayError(403, 'BOT_CHECK_FAILED', check.reason)
    const clientId = typeof asked.client_id === 'string' && CLIENT_ID.test(asked.client_id) ? asked.client_id : crypto.randomUUID()
    const expiresAt = Math.floor(now() / 1000) + call.config.sessionTtlSeconds
    call.log.client = await clientHash(clientId)
    const token = await signSessionToken({ origin: call.origin, clientId, expiresAt }, call.config.sessionSecret)
    return jsonResponse(200, { token, client_id: clientId, expires_at: expiresAt, bot_check: verifier.name }, corsHeaders(call.origin))
  }

  function models(call: Call): Response {
    return jsonResponse(200, { object: 'list', data: call.config.allowedModels.map((id) => ({ id, object: 'model', owned_by: 'gateway' })) }, corsHeaders(call.origin))
  }

  async function admitBoth(store: LimitStore, keys: { client: string; site: string }, limits: { client: LedgerLimits; site: LedgerLimits }, at: number): Promise<void> {
    const scopes = ['client', 'site'] as const
    const admissions = await Promise.all(scopes.map((scope) => store.admit(keys[scope], limits[scope], at)))
    for (const [i, scope] of scopes.entries()) {
      const admission = admissions[i]!
      if (admission.ok) continue
      const limit = admission.limit === 'rpm' ? (scope === 'client' ? 'RATE_LIMIT_RPM' : 'SITE_RATE_LIMIT_RPM') : (scope === 'client' ? 'CLIENT_DAILY_TOKENS' : 'SITE_DAILY_TOKENS')
      const resetsAt = new Date(admission.resetsAt).toISOString()
      throw new GatewayError(429, 'RATE_LIMITED', `${scope === 'client' ? 'this reader' : 'this site'} reached ${limit}; it resets at ${resetsAt}`,
        { limit, scope, resets_at: resetsAt, retry_after_seconds: Math.ceil(admission.retryAfterMs / 1000) }, { 'Retry-After': String(Math.ceil(admission.retryAfterMs / 1000)) })
    }
  }

  async function chat(call: Call, env: GatewayEnv): Promise<Response> {
    const { config, request, origin, log } = call
    const claims = await verifySessionToken(request.headers.get('Authorization'), origin, config.sessionSecret, now())
    log.client = await clientHash(claims.clientId)
    const { text, bytes } = await readBody(request, config.maxBodyBytes)
    const chatRequest = checkChatRequest(text, bytes, config)
    Object.assign(log, { model: chatRequest.model, stream: chatRequest.stream, ...(chatRequest.dropped.length ? { dropped_params: chatRequest.dropped } : {}) })
    if (config.logPrompts) log.prompt = lastUserText(chatRequest.body)
    const store = storeFor(env)
    const keys = { client: `client ${origin} ${claims.clientId}`, site: `site ${origin}` }
    const limits = { client: { rpm: config.clientRpm, dailyTokens: config.clientDailyTokens }, site: { rpm: config.siteRpm, dailyTokens: config.siteDailyTokens } }
    await admitBoth(store, keys, limits, now())
    const answer = await forward(chatRequest, config, request.signal, (outcome) => {
      // Without usage (an abort, a cut) the prompt is still billed upstream: charge its size estimate.
      const charged = outcome.usage?.totalTokens ?? Math.ceil(chatRequest.bytes / 4)
      Object.assign(log, { status: outcome.status, bytes: outcome.bytes, charged_tokens: charged, latency_ms: now() - call.started, ...(outcome.code ? { code: outcome.code } : {}) })
      if (outcome.usage) Object.assign(log, { prompt_tokens: outcome.usage.promptTokens, completion_tokens: outcome.usage.completionTokens, total_tokens: outcome.usage.totalTokens })
      const at = now()
      const charging = Promise.all([store.charge(keys.client, limits.client, charged, at), store.charge(keys.site, limits.site, charged, at)])
        .then(() => writeLog(sink, log, config.upstreamApiKey), () => writeLog(sink, { ...log, code: 'CHARGE_FAILED' }, config.upstreamApiKey))
      call.ctx?.waitUntil(charging)
    })
    call.forwarded = true
    const headers = { ...corsHeaders(origin), 'Content-Type': answer.contentType, 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no', 'X-Request-Id': log.request_id }
    return new Response(answer.body, { status: answer.status, headers })
  }

  async function route(call: Call, env: GatewayEnv): Promise<Response> {
    const { pathname } = new URL(call.request.url)
    const method = call.request.method
    if (method === 'OPTIONS') return new Response(null, { status: 204, headers: preflightHeaders(call.origin) })
    if (pathname === '/v1/session' && method === 'POST') return session(call)
    if (pathname === '/v1/models' && method === 'GET') return models(call)
    if (pathname === '/v1/chat/completions' && method === 'POST') return chat(call, env)
    throw new GatewayError(404, 'NOT_FOUND', `no route ${method} ${pathname}`)
  }

  return {
    async fetch(request, env, ctx) {
      const started = now()
      const { pathname } = new URL(request.url)
      const log: RequestLog = { request_id: crypto.randomUUID(), method: request.method, path: pathname, origin: request.headers.get('Origin'), status: 0, latency_ms: 0 }
      let origin: string | undefined
      let secret = ''
      try {
        const config = configFor(env)
        secret = config.upstreamApiKey
        if (pathname === '/healthz' && request.method === 'GET') {
          return jsonResponse(200, { ok: true, version: VERSION, upstream: new URL(config.upstreamBaseUrl).host, models: config.allowedModels, bot_check: verifierFor(config).name })
        }
        origin = allowedOrigin(request, config)
        const call: Call = { request, config, origin, log, ctx, started, forwarded: false }
        const response = await route(call, env)
        if (call.forwarded) return response
        writeLog(sink, { ...log, status: response.status, latency_ms: now() - started }, secret)
        return response
      } catch (error) {
        const failure = error instanceof GatewayError ? error : new GatewayError(500, 'GATEWAY_ERROR', 'the gateway failed unexpectedly')
        const limit = typeof failure.extra.limit === 'string' ? { limit: failure.extra.limit } : {}
        writeLog(sink, { ...log, status: failure.status, code: failure.code, ...limit, latency_ms: now() - started }, secret)
        // A refused origin still reads why (the widget says so); a preflight from it gets nothing.
        const readable = origin ?? (failure.code === 'ORIGIN_NOT_ALLOWED' && request.method !== 'OPTIONS' ? log.origin : null)
        const response = errorResponse(failure)
        const headers = new Headers(response.headers)
        headers.set('X-Request-Id', log.request_id)
        if (readable) for (const [name, value] of Object.entries(corsHeaders(readable))) headers.set(name, value)
        return new Response(response.body, { status: failure.status, headers })
      }
    },
  }
}
