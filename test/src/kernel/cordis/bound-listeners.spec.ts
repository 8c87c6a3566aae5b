// Listeners bound with their context resolved once: a call sees the same `this` and arguments as
// under Cordis' own bind (services traced to the listener's context), and no longer goes through
// the reflect service's `trace` on every call.
import { Context, Service } from '@deepseek-ai/cordis'
import { describe, expect, it } from 'vitest'
import { bindListenersOnce } from '../../../../src/kernel/cordis/bound-listeners.ts'

declare module '@deepseek-ai/cordis' {
  interface Context {
    lamp: Lamp
  }
  interface Events {
    'test/lit'(lamp: Lamp, level: number): void
  }
}

class Lamp extends Service {
  constructor(ctx: Context) {
    super(ctx, 'lamp')
  }
  owner(): Context {
    return this.ctx
  }
}

/** Mounts a plugin listening to `test/lit`; returns what each call saw and the plugin's context. */
async function listen(root: Context): Promise<{ seen: { owner: Context; level: number; self: unknown }[]; ctx: Context }> {
  const seen: { owner: Context; level: number; self: unknown }[] = []
  let scope!: Context
  await root.plugin({
    name: 'listener',
    apply: (ctx: Context) => {
      scope = ctx
      ctx.on('test/lit', function (this: unknown, lamp, level) {
        seen.push({ owner: lamp.owner(), level, self: this })
      })
    },
  })
  return { seen, ctx: scope }
}

describe('bindListenersOnce', () => {
  it('a listener gets the values Cordis\' bind gave it: arguments traced to its own context', async () => {
    const calls: { owner: Context; level: number; self: unknown }[][] = []
    for (const patched of [false, true]) {
      const root = new Context()
      if (patched) bindListenersOnce(root)
      root.plugin(Lamp)
      await root.lamp
      const { seen, ctx } = await listen(root)
      root.emit('test/lit', root.lamp, 3)
      expect(seen[0]!.owner).toBe(ctx)
      calls.push(seen)
    }
    expect(calls[1]!.map((c) => c.level)).toEqual(calls[0]!.map((c) => c.level))
    expect(typeof calls[1]![0]!.self).toBe(typeof calls[0]![0]!.self)
  })

  it('a call reads nothing through the reflect service; Cordis\' bind read its trace on every call', async () => {
    const root = new Context()
    bindListenersOnce(root)
    bindListenersOnce(root)
    root.plugin(Lamp)
    await root.lamp
    const { seen, ctx } = await listen(root)
    const reflect = ctx.reflect as unknown as { trace: (value: unknown) => unknown }
    const original = reflect.trace
    let traced = 0
    Object.getPrototypeOf(reflect).trace = function (this: unknown, value: unknown) {
      traced++
      return original.call(this, value)
    }
    try {
      root.emit('test/lit', root.lamp, 1)
    } finally {
      Object.getPrototypeOf(reflect).trace = original
    }
    expect(traced).toBe(0)
    expect(seen.map((c) => [c.owner, c.level])).toEqual([[ctx, 1]])
  })
})
