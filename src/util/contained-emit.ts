/**
 * `emitContained`: a fire-and-forget notification whose listeners cannot affect the emitter or
 * each other. Plane: shared. Contract: each listener runs once; a throw or a rejection is handed
 * to `report` (never rethrown), and later listeners still run (dsh `agentEvents().emit`).
 * @module util/contained-emit
 */
import type { EventsService } from '@deepseek-ai/cordis'

export function emitContained(events: EventsService, report: (error: unknown) => void, name: string, ...args: unknown[]): void {
  for (const callback of events.dispatch('emit', [name, ...args] as never)) {
    try {
      const returned: unknown = (callback as (...values: unknown[]) => unknown)(...args)
      if (returned instanceof Promise) returned.catch(report)
    } catch (error) {
      report(error)
    }
  }
}
