/**
 * Reads the gateway's environment (Workers `env` or Node's `process.env`) into one checked
 * `GatewayConfig`: origins, models, limits, caps, timeouts, secrets. A missing or bad variable
 * is named (never its value) so a misconfigured gateway says what to fix.
 * @module gateway/config
 */

export const DEFAULT_UPSTREAM = 'https://api.deepseek.com'

export interface GatewayConfig {
  readonly upstreamBaseUrl: string
  readonly upstreamApiKey: string
  readonly allowedOrigins: ReadonlySet<string>
  readonly sessionSecret: string
  readonly sessionTtlSeconds: number
  readonly allowedModels: readonly string[]
  readonly maxTokens: number
  readonly clientRpm: number
  readonly siteRpm: number
  readonly clientDailyTokens: number
  readonly siteDailyTokens: number
  readonly maxBodyBytes: number
  readonly maxMessages: number
  readonly maxTools: number
  readonly maxSchemaBytes: number
  readonly upstreamIdleTimeoutMs: number
  readonly logPrompts: boolean
  readonly botCheck: 'off' | 'turnstile'
  readonly turnstileSecret: string
  readonly turnstileVerifyUrl: string
}

/** A variable the gateway cannot run with; `variable` names it, the message never quotes a secret. */
export class GatewayConfigError extends Error {
  override readonly name = 'GatewayConfigError'
  constructor(readonly variable: string, problem: string) {
    super(`${variable} ${problem}`)
  }
}

export type GatewayEnv = Record<string, unknown>

function text(env: GatewayEnv, name: string, fallback = ''): string {
  const value = env[name]
  return typeof value === 'string' ? value.trim() : fallback
}

function count(env: GatewayEnv, name: string, fallback: number, min = 1): number {
  const raw = text(env, name)
  if (raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min) throw new GatewayConfigError(name, `must be an integer ≥ ${min}`)
  return value
}

function list(value: string): string[] {
  return value.split(/[\s,]+/).filter(Boolean)
}

function origins(env: GatewayEnv): Set<string> {
  const out = new Set<string>()
  for (const entry of list(text(env, 'ALLOWED_ORIGINS'))) {
    let parsed: URL
    try {
      parsed = new URL(entry)
    } catch {
      throw new GatewayConfigError('ALLOWED_ORIGINS', `has an entry that is not an origin: ${entry}`)
    }
    if (parsed.origin !== entry.replace(/\/$/, '')) throw new GatewayConfigError('ALLOWED_ORIGINS', `entries must be exact origins (scheme://host[:port]), not ${entry}`)
    out.add(parsed.origin)
  }
  if (out.size === 0) throw new GatewayConfigError('ALLOWED_ORIGINS', 'is empty: list the exact origins of the pages that embed the widget')
  return out
}

/** @throws GatewayConfigError naming the variable */
export function readConfig(env: GatewayEnv): GatewayConfig {
  const upstreamBaseUrl = text(env, 'UPSTREAM_BASE_URL') || DEFAULT_UPSTREAM
  try {
    new URL(upstreamBaseUrl)
  } catch {
    throw new GatewayConfigError('UPSTREAM_BASE_URL', 'is not a URL')
  }
  const sessionSecret = text(env, 'SESSION_SECRET')
  if (sessionSecret.length < 32) throw new GatewayConfigError('SESSION_SECRET', 'must be set to at least 32 random characters')
  const upstreamApiKey = text(env, 'UPSTREAM_API_KEY')
  if (!upstreamApiKey) throw new GatewayConfigError('UPSTREAM_API_KEY', 'is not set (a secret: `wrangler secret put UPSTREAM_API_KEY`)')
  const clientRpm = count(env, 'RATE_LIMIT_RPM', 10)
  const botCheck = text(env, 'BOT_CHECK', 'off') || 'off'
  if (botCheck !== 'off' && botCheck !== 'turnstile') throw new GatewayConfigError('BOT_CHECK', 'must be "off" or "turnstile"')
  const turnstileSecret = text(env, 'TURNSTILE_SECRET')
  if (botCheck === 'turnstile' && !turnstileSecret) throw new GatewayConfigError('TURNSTILE_SECRET', 'is required when BOT_CHECK=turnstile')
  return {
    upstreamBaseUrl: upstreamBaseUrl.replace(/\/+$/, ''),
    upstreamApiKey,
    allowedOrigins: origins(env),
    sessionSecret,
    sessionTtlSeconds: count(env, 'SESSION_TTL_SECONDS', 900),
    allowedModels: list(text(env, 'ALLOWED_MODELS') || 'deepseek-chat deepseek-reasoner'),
    maxTokens: count(env, 'MAX_TOKENS', 4096),
    clientRpm,
    siteRpm: count(env, 'SITE_RATE_LIMIT_RPM', clientRpm * 100),
    clientDailyTokens: count(env, 'CLIENT_DAILY_TOKENS', 200_000),
    siteDailyTokens: count(env, 'SITE_DAILY_TOKENS', 20_000_000),
    maxBodyBytes: count(env, 'MAX_BODY_BYTES', 1024 * 1024),
    maxMessages: count(env, 'MAX_MESSAGES', 400),
    maxTools: count(env, 'MAX_TOOLS', 64, 0),
    maxSchemaBytes: count(env, 'MAX_SCHEMA_BYTES', 128 * 1024),
    upstreamIdleTimeoutMs: count(env, 'UPSTREAM_IDLE_TIMEOUT_MS', 60_000),
    logPrompts: text(env, 'LOG_PROMPTS') === '1',
    botCheck,
    turnstileSecret,
    turnstileVerifyUrl: text(env, 'TURNSTILE_VERIFY_URL') || 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  }
}
