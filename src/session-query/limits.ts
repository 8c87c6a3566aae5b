/**
 * How many hits a session search returns: the default and the most a caller may ask for. Plane:
 * shared. Kept apart from search-index.ts so the search tool's config check does not load the index.
 * @module session-query/limits
 */
export const DEFAULT_LIMIT = 20
export const MAX_LIMIT = 100
