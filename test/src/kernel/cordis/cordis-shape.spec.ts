// Pins the Cordis internals that src/kernel/cordis/ patches: when an upgrade of @deepseek-ai/cordis
// renames, removes or renumbers any of them, this fails naming the patch to re-measure, before a
// patch silently stops applying (or applies to the wrong thing).
import { Context, Fiber, symbols } from '@deepseek-ai/cordis'
import cordisPackage from '@deepseek-ai/cordis/package.json' with { type: 'json' }
import { describe, expect, it } from 'vitest'
import { UNLOADING } from '../../../../src/kernel/cordis/effect-stacks.ts'

describe('the Cordis internals src/kernel/cordis/ relies on', () => {
  it('is the measured Cordis version (re-check every patch in the README before changing this)', () => {
    expect(cordisPackage.version).toBe('4.0.4')
  })

  it('effect-stacks: Fiber.prototype.effect and _unload exist, and a running disposer sees state UNLOADING', async () => {
    const proto = Fiber.prototype as unknown as Record<string, unknown>
    expect(typeof proto.effect).toBe('function')
    expect(typeof proto._unload).toBe('function')
    const root = new Context()
    const seen: number[] = []
    const fiber = root.plugin({
      name: 'probe',
      apply: (ctx: Context) => ctx.effect(() => () => void seen.push(ctx.fiber.state as number)),
    })
    await fiber
    await fiber.dispose()
    expect(seen).toEqual([UNLOADING])
  })

  it('context-read-errors: every context shares one proxy handler with a get trap, and the symbols it reads exist', () => {
    const root = new Context()
    const handler = (root.reflect.constructor as unknown as { handler?: { get?: unknown } }).handler
    expect(typeof handler?.get).toBe('function')
    for (const name of ['isolate', 'shadow', 'receiver'] as const) expect(typeof symbols[name]).toBe('symbol')
    expect(typeof (root.reflect as unknown as { props?: unknown }).props).toBe('object')
  })

  it('bound-listeners: the reflect service binds listeners through its prototype\'s bind', () => {
    const root = new Context()
    const proto = (root.reflect.constructor as unknown as { prototype: Record<string, unknown> }).prototype
    expect(typeof proto.bind).toBe('function')
  })

  it('service: the bus is reachable past the tracing proxy through symbols.original', () => {
    const root = new Context()
    const events = root.events as unknown as Record<symbol, unknown>
    expect(typeof symbols.original).toBe('symbol')
    expect(events[symbols.original]).toBeTypeOf('object')
  })
})
