/**
 * Renders the effective composition as plain JSON-safe data for `dumpConfig()`: functions and
 * class instances become labels, cycles are cut, and secret-looking string fields are redacted.
 * Plane: worker/shared. Contract: an API key never appears in a dump.
 * @module kernel/dump-config
 */
import { pluginName } from './plugin-config.ts'
import type { DumpedEntry, ResolvedEntry } from './types.ts'

/** Keys whose string values are secrets (apiKey, api_key, authToken, password, Authorization, …). */
export const SECRET_KEY_PATTERN = /api[-_]?key|secret|token|password|passphrase|authorization|credential/i

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null || Array.isArray(value)
}

function render(value: unknown, seen: Set<object>): unknown {
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value === 'symbol') return value.toString()
  if (typeof value !== 'object' || value === null) return value
  if (seen.has(value)) return '[circular]'
  if (!isPlain(value)) return `[${value.constructor?.name ?? 'object'}]`
  seen.add(value)
  const out = Array.isArray(value)
    ? value.map((item) => render(item, seen) ?? null)
    : Object.fromEntries(Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => [key, SECRET_KEY_PATTERN.test(key) && typeof item === 'string' ? '[redacted]' : render(item, seen)]))
  seen.delete(value)
  return out
}

/** One JSON-safe row per resolved entry, in composition order. */
export function dumpEntries(entries: readonly ResolvedEntry[]): DumpedEntry[] {
  return entries.map((entry) => ({
    id: entry.id,
    plugin: pluginName(entry.plugin),
    layer: entry.layer,
    disabled: entry.disabled,
    config: render(entry.config, new Set()),
  }))
}
