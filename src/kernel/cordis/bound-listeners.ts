/**
 * Cordis wraps every listener (`ctx.on`) in `ctx.reflect.bind`: a proxy whose every call reads
 * `this.trace` and, per argument, `this.ctx` through the context's traceable proxy (a descriptor
 * walk up the prototype chain each) — ~0.6 µs per listener call, dozens per agent step. This binds
 * the same way with the context resolved once, when the listener is bound: that proxy's `ctx` is
 * fixed when it is made (Cordis' `createTraceable` closes over it; an unproxied service's own `ctx`
 * is set once by its constructor), so every call traces `this` and each argument to the very
 * context it did before. Plane: shared.
 * Contract: the listener is called (or constructed) with exactly the values Cordis' bind passed; a
 * listener that replaces `reflect.trace` on one context no longer reroutes calls of listeners already bound.
 * @module kernel/cordis/bound-listeners
 */
import { getTraceable, type Context } from '@deepseek-ai/cordis'

type Callback = (...args: unknown[]) => unknown
type Bind = (this: { ctx: Context }, callback: Callback) => Callback

const PATCHED = Symbol.for('dsh-agent.kernel.bound-listeners')

function bind(this: { ctx: Context }, callback: Callback): Callback {
  const ctx = this.ctx
  const trace = (args: unknown[]): unknown[] => args.map((arg) => getTraceable(ctx, arg))
  return new Proxy(callback, {
    apply: (target, thisArg, args: unknown[]) => Reflect.apply(target, getTraceable(ctx, thisArg), trace(args)),
    construct: (target, args: unknown[], newTarget) => Reflect.construct(target, trace(args), newTarget),
  })
}

/** Installs the binding on Cordis' reflect service (shared by every context); idempotent. */
export function bindListenersOnce(root: Context): void {
  const proto = (root.reflect.constructor as unknown as { prototype: { bind: Bind; [PATCHED]?: true } }).prototype
  if (proto[PATCHED]) return
  proto.bind = bind
  proto[PATCHED] = true
}
