// Cordis' effect bookkeeping without stack captures: an effect captures no stack before its body,
// the body runs at the caller's Error.stackTraceLimit, and a failing body's error reaches the
// fiber and the boot's diagnostics as before (same object, message, a stack through the thrower).
import { Context } from '@deepseek-ai/cordis'
import { errorsMadeDuring } from '../../../harness/errors-made.ts'
import { describe, expect, it } from 'vitest'
import { bootKernel } from '../../../../src/kernel/boot.ts'
import { captureEffectStacksLazily } from '../../../../src/kernel/cordis/effect-stacks.ts'

describe('captureEffectStacksLazily', () => {
  it('an effect captures no stack before its body; Cordis alone captured two', () => {
    const root = new Context()
    const listen = () => void root.fiber.effect(() => () => undefined, 'test')
    expect(errorsMadeDuring(listen).filter((limit) => limit > 0)).toHaveLength(2)
    captureEffectStacksLazily()
    captureEffectStacksLazily()
    expect(errorsMadeDuring(listen)).toEqual([0, 0])
    expect(Error.stackTraceLimit).toBe(10)
  })

  it('the body, and what follows it, run at the caller\'s stack limit', () => {
    captureEffectStacksLazily()
    const root = new Context()
    const seen: number[] = []
    root.effect(() => {
      seen.push(Error.stackTraceLimit)
      root.effect(() => {
        seen.push(Error.stackTraceLimit)
        return () => undefined
      })
      return () => undefined
    })
    expect(seen).toEqual([10, 10])
    expect(Error.stackTraceLimit).toBe(10)
  })

  it('a failing effect body fails its plugin with the same error, its stack through the thrower', async () => {
    captureEffectStacksLazily()
    const thrown: Error[] = []
    const failing = {
      name: 'failing',
      apply(ctx: Context) {
        ctx.effect(function throwsInEffect() {
          const error = new Error('effect broke')
          thrown.push(error)
          throw error
        })
      },
    }
    const kernel = await bootKernel(new Context(), [{ id: 'failing', plugin: failing }], [], { warn: () => undefined })
    const logged: unknown[] = []
    expect(kernel.diagnostics().plugins).toEqual([{ id: 'failing', plugin: 'failing', state: 'failed', error: 'Error: effect broke' }])
    await kernel.fiber('failing')!.await().catch((error: unknown) => logged.push(error))
    expect(logged).toEqual([thrown[0]])
    expect(thrown[0]!.stack).toMatch(/\n\s+at (Fiber\.)?throwsInEffect /)
    await kernel.dispose()
  })

  it('an effect on a disposed fiber throws INACTIVE_EFFECT with its stack', async () => {
    captureEffectStacksLazily()
    const root = new Context()
    let scope!: Context
    const fiber = root.plugin({ name: 'gone', apply: (ctx: Context) => { scope = ctx } })
    await fiber
    await fiber.dispose()
    let caught: Error | undefined
    try {
      scope.effect(() => () => undefined)
    } catch (error) {
      caught = error as Error
    }
    expect(caught?.message).toMatch(/INACTIVE_EFFECT|inactive/i)
    expect(caught!.stack!.split('\n').length).toBeGreaterThan(2)
  })
})

describe('captureEffectStacksLazily: unload', () => {
  it('a plugin\'s unload captures no stack before its disposers run (Cordis: one per disposer), and a failing disposer\'s error keeps its stack', async () => {
    captureEffectStacksLazily()
    const root = new Context()
    const failures: Error[] = []
    const seen: number[] = []
    const fiber = root.plugin({
      name: 'disposers',
      apply: (ctx: Context) => {
        ctx.effect(() => () => void seen.push(Error.stackTraceLimit))
        ctx.effect(() => function failsOnDispose() {
          const error = new Error('dispose broke')
          failures.push(error)
          throw error
        })
      },
    })
    await fiber
    let disposing!: Promise<unknown>
    const made = errorsMadeDuring(() => { disposing = fiber.dispose() })
    expect(made.filter((limit) => limit > 0)).toEqual([])
    await disposing
    expect(seen).toEqual([10])
    expect(failures[0]!.stack).toMatch(/\n\s+at failsOnDispose /)
  })
})
