// bootKernel mounts the resolved composition on a real Cordis root: config is validated before
// apply, a bad config or a throwing plugin fails only that entry, PENDING plugins name the missing
// service, dumpConfig marks layers, and dispose removes every effect.
import { Context, Service } from '@deepseek-ai/cordis'
import { afterEach, describe, expect, it } from 'vitest'
import { bootKernel } from '../../../src/kernel/boot.ts'
import { pluginConfig } from '../../../src/kernel/plugin-config.ts'
import type { CompositionEntry, Kernel, KernelWarning } from '../../../src/kernel/types.ts'

declare module '@deepseek-ai/cordis' {
  interface Context {
    greeter: Greeter
    counter: Counter
  }
  interface Events {
    'test/ping'(from: string): void
  }
}

class Greeter extends Service {
  constructor(ctx: Context, readonly config: { greeting: string }) {
    super(ctx, 'greeter')
  }
  greet(name: string) {
    return `${this.config.greeting}, ${name}`
  }
}

class Counter extends Service {
  static readonly Config = pluginConfig({ type: 'object', properties: { start: { type: 'integer' } }, required: ['start'] })
  static readonly inject = ['greeter']
  constructor(ctx: Context, readonly config: { start: number }) {
    super(ctx, 'counter')
  }
}

const log: string[] = []
const warnings: KernelWarning[] = []
let kernel: Kernel | undefined

/** A function plugin that records its config and listens to `test/ping` while mounted. */
function listener(name: string, inject: string[] = []) {
  return {
    name,
    inject,
    Config: { type: 'object' as const, properties: { tag: { type: 'string' as const } }, additionalProperties: false },
    apply(ctx: Context, config: { tag?: string }) {
      log.push(`${name} applied ${JSON.stringify(config)}`)
      ctx.on('test/ping', (from) => { log.push(`${name} got ${from}`) })
    },
  }
}

async function boot(entries: CompositionEntry[], patches: Parameters<typeof bootKernel>[2] = [], settleTimeoutMs?: number) {
  const root = new Context()
  kernel = await bootKernel(root, entries, patches, { warn: (warning) => warnings.push(warning), settleTimeoutMs })
  return { root, kernel }
}

afterEach(async () => {
  await kernel?.dispose()
  kernel = undefined
  log.length = 0
  warnings.length = 0
})

describe('bootKernel', () => {
  it('mounts entries in order and lets an injected plugin use the service it needs', async () => {
    const user = { name: 'user', inject: ['greeter'], apply: (ctx: Context) => { log.push(ctx.greeter.greet('ada')) } }
    const { kernel } = await boot([
      { id: 'user', plugin: user },
      { id: 'greeter', plugin: Greeter, config: { greeting: 'hello' } },
    ])
    expect(log).toEqual(['hello, ada'])
    expect(kernel.diagnostics()).toEqual({ warnings: [], plugins: [] })
  })

  it('mounts a Service class that declares Config and inject once its config is valid', async () => {
    const { root, kernel } = await boot([
      { id: 'counter', plugin: Counter, config: { start: 5 } },
      { id: 'greeter', plugin: Greeter, config: { greeting: 'hello' } },
    ])
    expect(kernel.diagnostics().plugins).toEqual([])
    expect(root.get('counter', false)?.config).toEqual({ start: 5 })
  })

  it('lists a plugin waiting for a service as pending and names the missing service', async () => {
    const { kernel } = await boot([{ id: 'lonely', plugin: listener('lonely', ['greeter', 'nowhere']) }])
    expect(log).toEqual([])
    expect(kernel.diagnostics().plugins).toEqual([{ id: 'lonely', plugin: 'lonely', state: 'pending', missing: ['greeter', 'nowhere'] }])
  })

  it('fails only the entry whose config does not match its schema, before apply runs', async () => {
    const { root, kernel } = await boot([
      { id: 'bad', plugin: listener('bad'), config: { tag: 7, extra: true } },
      { id: 'good', plugin: listener('good'), config: { tag: 'ok' } },
    ])
    expect(log).toEqual(['good applied {"tag":"ok"}'])
    expect(kernel.diagnostics().plugins).toEqual([{
      id: 'bad',
      plugin: 'bad',
      state: 'failed',
      error: "PluginConfigError: kernel: entry 'bad' (bad) has an invalid config: $.tag: expected string, got number; $.extra: is not an allowed property",
    }])
    await root.parallel('test/ping', 'root')
    expect(log).toEqual(['good applied {"tag":"ok"}', 'good got root'])
  })

  it('reports a plugin that throws in apply as failed with its error, and keeps the others running', async () => {
    const broken = { name: 'broken', apply: () => { throw new RangeError('no disk') } }
    const { kernel } = await boot([{ id: 'broken', plugin: broken }, { id: 'fine', plugin: listener('fine') }])
    expect(kernel.diagnostics().plugins).toEqual([{ id: 'broken', plugin: 'broken', state: 'failed', error: 'RangeError: no disk' }])
    expect(log).toEqual(['fine applied {}'])
  })

  it('reports a plugin that fails later, when the service it waited for arrives', async () => {
    const late = { name: 'late', inject: ['greeter'], apply: () => { throw new Error('late failure') } }
    const { root, kernel } = await boot([{ id: 'late', plugin: late }])
    expect(kernel.diagnostics().plugins[0]).toMatchObject({ state: 'pending', missing: ['greeter'] })
    await root.plugin(Greeter, { greeting: 'hi' })
    await kernel.fiber('late')!.await().catch(() => undefined)
    expect(kernel.diagnostics().plugins).toEqual([{ id: 'late', plugin: 'late', state: 'failed', error: 'Error: late failure' }])
  })

  it('returns after settleTimeoutMs and lists a plugin still loading', async () => {
    const slow = { name: 'slow', apply: () => new Promise<() => void>(() => {}) }
    const booted = await boot([{ id: 'slow', plugin: slow }], [], 20)
    kernel = undefined // Cordis' dispose waits for a setup that never ends; this root is dropped instead.
    expect(booted.kernel.diagnostics().plugins).toEqual([{ id: 'slow', plugin: 'slow', state: 'loading' }])
  })

  it('does not mount a disabled entry, applies patches, and reports unknown ids as warnings', async () => {
    const { kernel } = await boot(
      [{ id: 'one', plugin: listener('one'), config: { tag: 'a' } }, { id: 'two', plugin: listener('two') }],
      [{ id: 'two', disabled: true }, { id: 'one', config: { tag: 'b' } }, { id: 'three', disabled: true }],
    )
    expect(log).toEqual(['one applied {"tag":"b"}'])
    expect(kernel.fiber('two')).toBeUndefined()
    const message = "kernel: patch #2 names entry 'three', which is not in the composition; the patch was not applied (entries: one, two)"
    expect(warnings).toEqual([{ code: 'KERNEL_UNKNOWN_ID', message }])
    expect(kernel.diagnostics().warnings).toEqual([{ code: 'KERNEL_UNKNOWN_ID', message }])
  })

  it('dumps the effective tree with each entry\'s layer, JSON-safe and with secrets redacted', async () => {
    const { kernel } = await boot(
      [{ id: 'greeter', plugin: Greeter, config: { greeting: 'hello' } }, { id: 'one', plugin: listener('one') }],
      [
        { id: 'greeter', config: { greeting: 'hey', apiKey: 'sk-secret', answer: function ask() {} } },
        { insert: { id: 'two', plugin: listener('two') }, after: 'greeter' },
        { id: 'one', disabled: true },
      ],
    )
    expect(kernel.dumpConfig()).toEqual([
      { id: 'greeter', plugin: 'Greeter', layer: 'patch', disabled: false, config: { greeting: 'hey', apiKey: '[redacted]', answer: '[function ask]' } },
      { id: 'two', plugin: 'two', layer: 'insert', disabled: false, config: {} },
      { id: 'one', plugin: 'one', layer: 'patch', disabled: true, config: {} },
    ])
    expect(JSON.stringify(kernel.dumpConfig())).not.toContain('sk-secret')
  })

  it('throws a duplicate id before mounting anything', async () => {
    await expect(boot([{ id: 'x', plugin: listener('x1') }, { id: 'x', plugin: listener('x2') }]))
      .rejects.toThrow("kernel: duplicate entry id 'x' (entry #1); entry ids must be unique")
    expect(log).toEqual([])
  })

  it('dispose removes every listener and service, last entry first, and is idempotent', async () => {
    const { root, kernel } = await boot([
      { id: 'greeter', plugin: Greeter, config: { greeting: 'hello' } },
      { id: 'one', plugin: listener('one', ['greeter']) },
    ])
    await root.parallel('test/ping', 'before')
    await Promise.all([kernel.dispose(), kernel.dispose()])
    await root.parallel('test/ping', 'after')
    expect(log).toEqual(['one applied {}', 'one got before'])
    expect(root.get('greeter', false)).toBeUndefined()
  })

  it('an error a plugin\'s setup throws keeps its own frames, then where boot was called', async () => {
    const { kernel } = await boot([{ id: 'thrower', plugin: { name: 'thrower', apply: function throwingSetup() { throw new Error('boom') } } }])
    const error = await kernel.fiber('thrower')!.await().then(() => undefined, (reason: unknown) => reason as Error)
    // Node's own scheduler frames (`runNextTicks` under load) may sit between ours: they are not where boot was called.
    const frames = error!.stack!.split('\n').slice(1).map((line) => line.trim()).filter((line) => !line.includes('(node:internal/'))
    expect(error!.message).toBe('boom')
    expect(frames[0]).toMatch(/throwingSetup/)
    const site = frames.findIndex((frame) => frame.startsWith('at bootKernel '))
    expect(site).toBeGreaterThan(0)
    expect(frames[site + 1]).toMatch(/^at (async )?boot \(.*boot\.spec\.ts/)
  })
})

