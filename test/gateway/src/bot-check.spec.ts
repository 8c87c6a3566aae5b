/**
 * The bot-check hook of POST /v1/session: off by default and saying so, a site's own verifier
 * refusing a session, and the Turnstile verifier against a local siteverify on 127.0.0.1. Also a
 * misconfigured gateway naming the variable, never its value. Calls the handler directly.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { turnstileVerifier } from '../../../gateway/src/bot-check.ts'
import { createGateway } from '../../../gateway/src/gateway.ts'
import { gatewayEnv } from '../gateway-suite.ts'

const env = gatewayEnv('http://127.0.0.1:9')
const session = (body: unknown) => new Request('http://gateway.test/v1/session', { method: 'POST', headers: { Origin: 'http://docs.test' }, body: JSON.stringify(body) })

let siteverify: ReturnType<typeof createServer>
let verifyUrl: string
const forms: string[] = []

beforeAll(async () => {
  siteverify = createServer((req, res) => {
    let raw = ''
    req.on('data', (piece) => { raw += piece })
    req.on('end', () => {
      forms.push(raw)
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(raw.includes('good-token') ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }))
    })
  })
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve))
  verifyUrl = `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/siteverify`
})
afterAll(() => new Promise<void>((resolve) => siteverify.close(() => resolve())))

describe('bot check', () => {
  it('is off by default and says so', async () => {
    const response = await createGateway({ log: () => undefined }).fetch(session({}), env)
    expect(await response.json()).toMatchObject({ bot_check: 'off' })
  })

  it('lets a site’s own verifier refuse a session with 403 BOT_CHECK_FAILED', async () => {
    const gateway = createGateway({ log: () => undefined, botCheck: { name: 'site-check', verify: async ({ token }) => (token === 'human' ? { ok: true } : { ok: false, reason: 'not a human' }) } })
    const refused = await gateway.fetch(session({}), env)
    expect([refused.status, ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([403, 'BOT_CHECK_FAILED'])
    const admitted = await gateway.fetch(session({ bot_token: 'human' }), env)
    expect(await admitted.json()).toMatchObject({ bot_check: 'site-check' })
  })

  it('verifies Turnstile tokens at the configured siteverify URL', async () => {
    const verifier = turnstileVerifier({ turnstileSecret: 'turnstile-secret', turnstileVerifyUrl: verifyUrl })
    expect(await verifier.verify({ token: 'good-token', origin: 'http://docs.test', ip: '203.0.113.5' })).toEqual({ ok: true })
    expect(await verifier.verify({ token: 'bad', origin: 'http://docs.test', ip: undefined })).toEqual({ ok: false, reason: 'the bot check failed (invalid-input-response)' })
    expect(await verifier.verify({ token: undefined, origin: 'http://docs.test', ip: undefined })).toMatchObject({ ok: false })
    expect(forms[0]).toContain('turnstile-secret')
    expect(forms[0]).toContain('203.0.113.5')
    const gateway = createGateway({ log: () => undefined })
    const response = await gateway.fetch(session({ bot_token: 'bad' }), { ...env, BOT_CHECK: 'turnstile', TURNSTILE_SECRET: 'turnstile-secret', TURNSTILE_VERIFY_URL: verifyUrl })
    expect(response.status).toBe(403)
  })

  it('names a misconfigured variable, never its value', async () => {
    const response = await createGateway({ log: () => undefined }).fetch(session({}), { ...env, SESSION_SECRET: 'short-secret-value' })
    const text = await response.text()
    expect(response.status).toBe(500)
    expect(JSON.parse(text).error).toMatchObject({ code: 'GATEWAY_MISCONFIGURED', variable: 'SESSION_SECRET' })
    expect(text).not.toContain('short-secret-value')
  })
})
