/**
 * Cordis' context proxy makes a "cannot get property" Error, with its stack, at every read of a
 * service or mixin (`ctx.tools`, `ctx.emit`, …) and throws it only when the read fails: about half
 * of a kernel boot went into capturing stacks nobody reads. This swaps the proxy's `get` trap for the
 * same resolution (Cordis 4.0.4's, rule for rule) whose error gets its stack only when it is thrown;
 * the thrown error is the same (class, message, the stack of the read's caller). Plane: shared.
 * Contract: no other error's stack changes; only stack capture moves (`internal/get` listeners and
 * accessors still get the error object, and a throw of it carries the stack of the read).
 * @module kernel/cordis/context-read-errors
 */
import { getTraceable, symbols, type Context } from '@deepseek-ai/cordis'

type Trap = (target: any, prop: string | symbol, ctx: any) => unknown

const RESERVED_WORDS = ['prototype', 'then']

/** Cordis' own test for properties its proxy passes straight through. */
function isSpecialProperty(prop: string | symbol): boolean {
  return typeof prop === 'symbol' || RESERVED_WORDS.includes(prop) || parseInt(prop).toString() === prop || prop.startsWith('_')
}

/** An Error that has not captured a stack (capturing is what costs); no other code runs meanwhile. */
function errorWithoutStack(message: string): Error {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return new Error(message)
  } finally {
    Error.stackTraceLimit = limit
  }
}

/** A service's value for `ctx`, walking up isolated fibers as Cordis does; throws `error` when none. */
function resolveService(target: any, prop: string, ctx: any, error: Error): unknown {
  const key = target[symbols.isolate][prop]
  let fiber = (ctx[symbols.shadow] ?? ctx).fiber
  while (true) {
    const impl = fiber.store?.[prop]
    if (impl) return getTraceable(ctx, impl.value)
    if (prop in fiber.inject) {
      error.message = `cannot get required service "${prop}" in inactive context`
      throw error
    }
    if (!fiber.runtime) throw error
    if (fiber.parent[symbols.isolate][prop] !== key) throw error
    fiber = fiber.parent.fiber
  }
}

const get: Trap = (target, prop, ctx) => {
  if (isSpecialProperty(prop)) return Reflect.get(target, prop, ctx)
  if (Reflect.has(target, prop)) return getTraceable(ctx, Reflect.get(target, prop, ctx))
  const name = prop as string
  const error = errorWithoutStack(`cannot get property "${name}" without inject`)
  try {
    const def = target.reflect.props[name]
    if (def?.type === 'accessor') return def.get.call(ctx, ctx[symbols.receiver], error)
    if (!ctx.fiber.runtime) return ctx.reflect.get(name, false)
    return ctx.events.waterfall('internal/get', ctx, name, error, () => resolveService(target, name, ctx, error))
  } catch (thrown) {
    if (thrown === error) Error.captureStackTrace(error, get)
    throw thrown
  }
}

/**
 * Installs the trap on every Cordis context (they share one proxy handler); idempotent. An engine
 * without `Error.captureStackTrace` (V8's, JavaScriptCore's) keeps Cordis' own trap.
 */
export function deferContextReadErrors(root: Context): void {
  if (typeof Error.captureStackTrace !== 'function') return
  (root.reflect.constructor as unknown as { handler: { get: Trap } }).handler.get = get
}
