/**
 * web_fetch failures, each with a stable code and a sentence the model (and a reader) can act on.
 * Plane: shared; pure.
 * @module tool-web/errors
 */
export type WebFetchErrorCode =
  | 'WEB_INVALID_URL' | 'WEB_BLOCKED_URL' | 'WEB_NOT_ALLOWED' | 'WEB_REDIRECT_BLOCKED' | 'WEB_FETCH_TOO_LARGE'
  | 'WEB_UNSUPPORTED_CONTENT_TYPE' | 'WEB_FETCH_FAILED' | 'WEB_OFFLINE' | 'WEB_CONVERTER_UNAVAILABLE'

export class WebFetchError extends Error {
  override readonly name = 'WebFetchError'
  constructor(readonly code: WebFetchErrorCode, message: string) {
    super(message)
  }
}
