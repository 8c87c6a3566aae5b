/**
 * `unwrapService`: the instance behind Cordis' tracing proxy. Every member read through
 * `ctx.<service>` costs proxy traps (a method call builds a shadow context: µs each), so per-step
 * callers resolve a service once and call the instance. Plane: shared. Contract: only for calls
 * that register nothing — on the instance `this.ctx` is the service's own context, so an effect
 * made there would belong to the service's fiber, not the caller's.
 * @module util/service
 */
import { symbols } from '@deepseek-ai/cordis'

export function unwrapService<T extends object>(service: T): T {
  return ((service as Record<symbol, unknown>)[symbols.original] as T | undefined) ?? service
}
