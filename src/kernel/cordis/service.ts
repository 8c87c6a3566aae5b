/**
 * The one rule for Cordis' tracing proxy. Every member read through `ctx.<service>` costs proxy
 * traps, and a method call through it builds a shadow context (µs each); on the loop's per-step and
 * per-call paths that adds up. So a service called on a hot path is a thin façade over a plain core
 * object: the `Service` subclass registers itself, owns the registrations that must be effects of
 * the *calling* fiber (`register`, `guard`, `registerAdapter`, `section`, …) and forwards the rest
 * to `core`; the core holds the state and the logic and carries no tracker, so Cordis hands it out
 * as it is. A hot caller reads `ctx.<service>.core` once and calls it; a core never registers
 * anything. Cordis' own event bus has no core of ours: `eventBus(ctx)` is its one plain handle.
 * Plane: shared. `npm run lint` rejects any other reach past the proxy (`symbols.original`).
 * @module kernel/cordis/service
 */
import { symbols, type Context, type EventsService } from '@deepseek-ai/cordis'

/** A hot-path service: a façade whose `core` is the plain object behind it. */
export interface CoreService<Core extends object> {
  readonly core: Core
}

/** The bus behind `ctx.events` (emit, waterfall, serial), resolved once by a core or a hot caller. */
export function eventBus(ctx: Context): EventsService {
  const events = ctx.events
  return ((events as unknown as Record<symbol, EventsService | undefined>)[symbols.original]) ?? events
}

/**
 * Installs on `facade`'s prototype one forwarder per name in `names`, each calling the same-named
 * method of `this.core`: a façade whose operations are all its core's declares them by interface
 * merge (`interface X extends Pick<Core, names>`) and calls this once after the class.
 */
export function forwardToCore<Core extends object>(facade: abstract new (...args: never[]) => CoreService<Core>, names: readonly (keyof Core & string)[]): void {
  for (const name of names) {
    Object.defineProperty(facade.prototype, name, {
      configurable: true,
      writable: true,
      value: function forward(this: CoreService<Core>, ...args: unknown[]): unknown {
        const core = this.core
        return (core[name] as (...params: unknown[]) => unknown).apply(core, args)
      },
    })
  }
}
