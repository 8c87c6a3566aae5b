/**
 * What the page-tools plugin needs from the page side: the declared tools, change notices, and
 * a way to run one call there. Plane: worker; types only.
 * @module tool-page/types
 */
import type { PageToolSpec } from '../protocol/page-tools.ts'
import type { JsonValue } from '../util/json.ts'

export interface PageToolSource {
  /** The tools the page declares now. */
  tools(): readonly PageToolSpec[]
  /** `listener` runs after each change of `tools()`. @returns unsubscribe */
  onChange(listener: () => void): () => void
  /** Runs `name` on the page; rejects with the page's error, or with `signal.reason` once it aborts (the page is told). */
  call(name: string, args: JsonValue, signal: AbortSignal): Promise<string>
  /** Tells the page a tool could not be registered, and why. */
  reject(name: string, message: string): void
}
