/**
 * The repeat chain of one agent: which call it is (tool name and canonical arguments: a deep
 * key-sort, so key order does not matter) and how many identical calls in a row, since the reader's
 * last message. Plane: worker; pure.
 * @module plugins/repeat-tool-guard/chain
 */
import type { JsonValue } from '../../util/json.ts'

export interface Chain {
  key: string
  count: number
  /** The seq of the reader's message the chain started after (a new message starts a new chain). */
  since: number
}

function sorted(value: JsonValue | undefined): JsonValue | undefined {
  if (Array.isArray(value)) return value.map((item) => sorted(item) ?? null)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted(value[key]) ?? null]))
}

/** The arguments as one string: parsed ones key-sorted, unparsable ones as the model wrote them. */
export function canonicalArguments(args: JsonValue | undefined, raw: string): string {
  return args === undefined ? JSON.stringify(raw) : JSON.stringify(sorted(args))
}

/** The chain after one more tracked call. */
export function advance(chain: Chain | undefined, name: string, canonical: string, since: number): Chain {
  const key = JSON.stringify([name, canonical])
  return chain && chain.key === key && chain.since === since ? { key, count: chain.count + 1, since } : { key, count: 1, since }
}

/** A `*`-wildcard tool-name pattern (every other character literal). */
export function namePattern(pattern: string): RegExp {
  return new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`)
}
