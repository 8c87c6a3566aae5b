/**
 * site_search failures, each with a stable code and a sentence the model (and a reader) can act on.
 * Plane: shared; pure.
 * @module tool-site-search/errors
 */
export type SiteSearchErrorCode = 'SEARCH_INVALID_QUERY' | 'SEARCH_INDEX_INVALID' | 'SEARCH_UNAVAILABLE'

export class SiteSearchError extends Error {
  override readonly name = 'SiteSearchError'
  constructor(readonly code: SiteSearchErrorCode, message: string) {
    super(message)
  }
}
