/**
 * Cordis' `fiber.effect()` captures two stacks per effect (the effect's call site, and its own frame
 * as a marker) that it reads only to rewrite the stack of an error the effect's body throws; a
 * kernel boot makes ~140 effects (every `ctx.on`, `provide`, `accessor`, plugin mount), and those
 * captures were a third of boot + dispose. This runs Cordis' bookkeeping up to the body's call with
 * `Error.stackTraceLimit` 0, and the body (and everything after it) at the caller's limit. Plane: shared.
 * Likewise a fiber's unload captures one marker per disposer before its first await and replaces it
 * after that await, before any disposer runs: that first capture, never read, runs at limit 0 too.
 * Contract: the body, its errors and every other error are as before (class, message, identity, a
 * stack captured at the caller's limit); the one change is that Cordis no longer swaps the internal
 * frames of a failing effect body's stack for the effect's call site.
 * @module kernel/cordis/effect-stacks
 */
import { Fiber } from '@deepseek-ai/cordis'

type Effect = (this: Fiber, execute: () => unknown, label?: string) => unknown
type Unload = (this: Fiber) => Promise<void>

const PATCHED = Symbol.for('dsh-agent.kernel.effect-stacks')

/** Cordis' `FiberState.UNLOADING`: its `effect()` throws `INACTIVE_EFFECT` then. */
export const UNLOADING = 5

/** Installs the wrappers on Cordis' `Fiber.prototype` (shared by every context); idempotent. */
export function captureEffectStacksLazily(): void {
  const proto = Fiber.prototype as unknown as { effect: Effect; _unload: Unload; [PATCHED]?: true }
  if (proto[PATCHED] || typeof Error.captureStackTrace !== 'function') return
  const effect = proto.effect
  proto.effect = function (this: Fiber, execute, label) {
    // Cordis throws INACTIVE_EFFECT before capturing anything: that error keeps its full stack.
    if (this.uid === null || (this.state as number) === UNLOADING) return effect.call(this, execute, label)
    const limit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    try {
      return effect.call(this, function (this: Fiber) {
        Error.stackTraceLimit = limit
        return execute.call(this)
      }, label)
    } finally {
      Error.stackTraceLimit = limit
    }
  }
  // The synchronous part of Cordis' `_unload` runs no disposer (each starts after an await).
  const unload = proto._unload
  proto._unload = function (this: Fiber) {
    const limit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    try {
      return unload.call(this)
    } finally {
      Error.stackTraceLimit = limit
    }
  }
  proto[PATCHED] = true
}
