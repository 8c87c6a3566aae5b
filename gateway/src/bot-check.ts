/**
 * The bot-check hook of `POST /v1/session`: a `BotVerifier` gets the token the page passed
 * (`bot_token`) and says yes or no. The default is off and says so (`name: 'off'`, shown in
 * `/healthz` and the session answer); `BOT_CHECK=turnstile` verifies Cloudflare Turnstile tokens;
 * a site's own verifier is passed to `createGateway({ botCheck })`.
 * @module gateway/bot-check
 */
import type { GatewayConfig } from './config.ts'

export interface BotCheckInput {
  readonly token: string | undefined
  readonly origin: string
  readonly ip: string | undefined
}

export interface BotVerifier {
  /** Shown in `/healthz` and in the session answer (`bot_check`). */
  readonly name: string
  verify(input: BotCheckInput): Promise<{ ok: true } | { ok: false; reason: string }>
}

export const botCheckOff: BotVerifier = {
  name: 'off',
  verify: async () => ({ ok: true }),
}

/** Turnstile's siteverify (the URL is configurable so a test can answer it locally). */
export function turnstileVerifier(config: Pick<GatewayConfig, 'turnstileSecret' | 'turnstileVerifyUrl'>): BotVerifier {
  return {
    name: 'turnstile',
    async verify({ token, ip }) {
      if (!token) return { ok: false, reason: 'no bot-check token (bot_token) was sent' }
      const form = new FormData()
      form.set('secret', config.turnstileSecret)
      form.set('response', token)
      if (ip) form.set('remoteip', ip)
      const response = await fetch(config.turnstileVerifyUrl, { method: 'POST', body: form })
      const outcome = (await response.json().catch(() => ({}))) as { success?: boolean; 'error-codes'?: string[] }
      return outcome.success === true ? { ok: true } : { ok: false, reason: `the bot check failed (${(outcome['error-codes'] ?? ['no answer']).join(', ')})` }
    },
  }
}

export function configuredVerifier(config: GatewayConfig): BotVerifier {
  return config.botCheck === 'turnstile' ? turnstileVerifier(config) : botCheckOff
}
