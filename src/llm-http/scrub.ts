/**
 * Removes a secret from text that may echo it (provider error bodies, stream excerpts):
 * the whole secret and any token sharing an 8-character run with it become `[redacted]`.
 * Plane: shared; pure. Contract: the output contains no 8-character substring of the secret.
 * @module llm-http/scrub
 */
import type { LlmFailure } from '../llm/types.ts'

const RUN = 8

function sharesRun(token: string, secret: string): boolean {
  for (let i = 0; i + RUN <= token.length; i += 1) {
    if (secret.includes(token.slice(i, i + RUN))) return true
  }
  return false
}

export function scrubSecret(text: string, secret: string): string {
  if (secret.length < RUN) return secret ? text.split(secret).join('[redacted]') : text
  return text
    .split(secret).join('[redacted]')
    .replace(/[^\s"'`,;:()[\]{}<>=]{8,}/g, (token) => (sharesRun(token, secret) ? '[redacted]' : token))
}

/** The failure with `message` and `detail` scrubbed of `secret`. */
export function scrubFailure(failure: LlmFailure, secret: string): LlmFailure {
  const clean: LlmFailure = { ...failure, message: scrubSecret(failure.message, secret) }
  if (failure.detail !== undefined) clean.detail = scrubSecret(failure.detail, secret)
  return clean
}
