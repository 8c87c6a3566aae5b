/**
 * Session tokens: `base64url(payload).base64url(HMAC-SHA256)` signed with `SESSION_SECRET` via
 * WebCrypto, binding an origin, an anonymous client id and an expiry (epoch seconds). Verification
 * is constant-time (`crypto.subtle.verify`) and names why a token is refused.
 * @module gateway/session-token
 */
import { GatewayError } from './errors.ts'

export interface SessionClaims {
  /** The page origin the token was issued to. */
  readonly origin: string
  readonly clientId: string
  /** Expiry, epoch seconds. */
  readonly expiresAt: number
}

const encoder = new TextEncoder()
const keys = new Map<string, Promise<CryptoKey>>()

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
    keys.set(secret, key)
  }
  return key
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export async function signSessionToken(claims: SessionClaims, secret: string): Promise<string> {
  const body = toBase64Url(encoder.encode(JSON.stringify({ o: claims.origin, c: claims.clientId, e: claims.expiresAt })))
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(body))
  return `${body}.${toBase64Url(new Uint8Array(signature))}`
}

const refuse = (code: string, message: string): GatewayError => new GatewayError(401, code, message)

/** The claims of the request's bearer token. @throws GatewayError 401 TOKEN_MISSING / TOKEN_INVALID / TOKEN_EXPIRED / TOKEN_ORIGIN_MISMATCH */
export async function verifySessionToken(authorization: string | null, origin: string, secret: string, nowMs: number): Promise<SessionClaims> {
  const match = /^Bearer\s+([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(authorization ?? '')
  if (!authorization) throw refuse('TOKEN_MISSING', 'no session token: POST /v1/session first and send it as "Authorization: Bearer <token>"')
  if (!match) throw refuse('TOKEN_INVALID', 'the session token is malformed')
  const [, body, signature] = match as unknown as [string, string, string]
  let valid = false
  try {
    valid = await crypto.subtle.verify('HMAC', await hmacKey(secret), fromBase64Url(signature), encoder.encode(body))
  } catch {
    valid = false
  }
  if (!valid) throw refuse('TOKEN_INVALID', 'the session token was not issued by this gateway')
  let payload: { o?: unknown; c?: unknown; e?: unknown }
  try {
    payload = JSON.parse(new TextDecoder().decode(fromBase64Url(body))) as typeof payload
  } catch {
    throw refuse('TOKEN_INVALID', 'the session token is malformed')
  }
  if (typeof payload.o !== 'string' || typeof payload.c !== 'string' || typeof payload.e !== 'number') throw refuse('TOKEN_INVALID', 'the session token is malformed')
  if (payload.e * 1000 <= nowMs) throw refuse('TOKEN_EXPIRED', 'the session token has expired: POST /v1/session for a new one')
  if (payload.o !== origin) throw refuse('TOKEN_ORIGIN_MISMATCH', 'the session token was issued to another origin')
  return { origin: payload.o, clientId: payload.c, expiresAt: payload.e }
}

/** A short, stable, non-reversible label of a client id for logs. */
export async function clientHash(clientId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(clientId)))
  return Array.from(digest.subarray(0, 6), (b) => b.toString(16).padStart(2, '0')).join('')
}
