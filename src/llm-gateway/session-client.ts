/**
 * The runtime's side of `POST {gateway}/v1/session`: gets a session token for an anonymous
 * client id, keeps it until a minute before it expires, renews it (one request at a time) and
 * forgets it when the gateway says it ended. The request is a CORS "simple" one (text/plain), so
 * a refused origin's 403 is readable and named. Plane: worker/shared; fetch only.
 * @module llm-gateway/session-client
 */
import { LlmError, errorChain } from '../llm/errors.ts'
import { gatewayFailure } from './failures.ts'

const RENEW_BEFORE_MS = 60_000

interface Issued { token: string; expiresAtMs: number }

export class GatewaySession {
  readonly #url: string
  readonly #clientId = crypto.randomUUID()
  readonly #now: () => number
  #issued: Issued | undefined
  #pending: Promise<Issued> | undefined

  constructor(gatewayUrl: string, now: () => number = Date.now) {
    this.#url = `${gatewayUrl.replace(/\/+$/, '')}/v1/session`
    this.#now = now
  }

  /** A token valid for at least a minute more. @throws LlmError (ORIGIN_NOT_ALLOWED, GATEWAY_LIMIT, TRANSPORT, …) */
  async token(signal?: AbortSignal): Promise<string> {
    if (this.#issued && this.#issued.expiresAtMs - this.#now() > RENEW_BEFORE_MS) return this.#issued.token
    this.#pending ??= this.#request(signal).finally(() => { this.#pending = undefined })
    this.#issued = await this.#pending
    return this.#issued.token
  }

  /** Drops the token (the gateway said it expired or is unknown); the next call gets a new one. */
  invalidate(): void {
    this.#issued = undefined
  }

  async #request(signal: AbortSignal | undefined): Promise<Issued> {
    let response: Response
    try {
      response = await fetch(this.#url, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ client_id: this.#clientId }), ...(signal ? { signal } : {}) })
    } catch (error) {
      if (signal?.aborted) throw new LlmError({ message: 'request aborted', code: 'ABORTED' })
      throw new LlmError({ message: `the site’s gateway at ${new URL(this.#url).origin} could not be reached (${errorChain(error)})`, code: 'TRANSPORT' })
    }
    const text = await response.text()
    if (!response.ok) throw new LlmError(gatewayFailure(response.status, response.headers, text))
    const answer = JSON.parse(text) as { token?: unknown; expires_at?: unknown }
    if (typeof answer.token !== 'string' || typeof answer.expires_at !== 'number') throw new LlmError({ message: 'the gateway’s session answer has no token', code: 'MALFORMED_STREAM' })
    return { token: answer.token, expiresAtMs: answer.expires_at * 1000 }
  }
}
