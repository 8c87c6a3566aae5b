// Lazy composition entries: a plugin named up front and imported only when its entry is enabled.
// A disabled entry's module is never loaded; an enabled one loads, its config is checked against the
// loaded plugin's Config, and it mounts in list order; a load that fails fails that entry only.
import { Context, Service } from '@deepseek-ai/cordis'
import { afterEach, describe, expect, it } from 'vitest'
import { bootKernel } from '../../../src/kernel/boot.ts'
import { lazyPart, lazyPlugin, PluginLoadError, warmLazyParts } from '../../../src/kernel/lazy-plugin.ts'
import { pluginConfig } from '../../../src/kernel/plugin-config.ts'
import { composition } from '../../../src/kernel/compose.ts'
import type { CompositionEntry, Kernel, KernelPlugin } from '../../../src/kernel/types.ts'

declare module '@deepseek-ai/cordis' {
  interface Context { lazyGreeter: LazyGreeter }
}

class LazyGreeter extends Service {
  static readonly Config = pluginConfig({ type: 'object', properties: { greeting: { type: 'string' } }, required: ['greeting'] })
  constructor(ctx: Context, readonly config: { greeting: string }) {
    super(ctx, 'lazyGreeter')
  }
}

const mounted: string[] = []
const loads: string[] = []
let kernel: Kernel | undefined

/** A lazy plugin whose module arrives after `delayMs`, recording the load and the mount. */
function slowModule(name: string, delayMs: number): CompositionEntry['plugin'] {
  return lazyPlugin(name, async () => {
    loads.push(name)
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    return { name, apply: () => { mounted.push(name) } } satisfies KernelPlugin
  })
}

async function boot(entries: CompositionEntry[]) {
  const root = new Context()
  kernel = await bootKernel(root, entries, [], { warn: () => undefined })
  return { root, kernel }
}

afterEach(async () => {
  await kernel?.dispose()
  kernel = undefined
  mounted.length = 0
  loads.length = 0
})

describe('lazy composition entries', () => {
  it('never loads a disabled entry; the dump names it', async () => {
    const { kernel } = await boot([{ id: 'unused', plugin: slowModule('unused-plugin', 0), disabled: true }])
    expect(loads).toEqual([])
    expect(kernel.dumpConfig()).toEqual([{ id: 'unused', plugin: 'unused-plugin', layer: 'default', disabled: true, config: {} }])
  })

  it('loads enabled entries in parallel and mounts them in list order', async () => {
    await boot([{ id: 'first', plugin: slowModule('first', 40) }, { id: 'second', plugin: slowModule('second', 0) }])
    expect(loads).toEqual(['first', 'second'])
    expect(mounted).toEqual(['first', 'second'])
  })

  it('checks the config against the loaded plugin and provides its service', async () => {
    const { root, kernel } = await boot([
      { id: 'good', plugin: lazyPlugin('LazyGreeter', async () => LazyGreeter), config: { greeting: 'hi' } },
    ])
    expect(root.get('lazyGreeter', false)?.config.greeting).toBe('hi')
    await kernel.dispose()
    const bad = await boot([{ id: 'bad', plugin: lazyPlugin('LazyGreeter', async () => LazyGreeter), config: {} }])
    expect(bad.kernel.diagnostics().plugins).toEqual([expect.objectContaining({ id: 'bad', state: 'failed', error: expect.stringContaining('greeting') })])
  })

  it('a module that fails to load, or holds no plugin, fails that entry only', async () => {
    const { kernel } = await boot([
      { id: 'offline', plugin: lazyPlugin('offline', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))) },
      { id: 'empty', plugin: lazyPlugin('empty', async () => ({}) as KernelPlugin) },
      { id: 'fine', plugin: slowModule('fine', 0) },
    ])
    expect(kernel.diagnostics().plugins).toEqual([
      { id: 'offline', plugin: 'offline', state: 'failed', error: "PluginLoadError: 'offline' did not load: Failed to fetch dynamically imported module" },
      { id: 'empty', plugin: 'empty', state: 'failed', error: "PluginLoadError: 'empty' loaded no plugin (a class, a function or an object with apply)" },
    ])
    expect(mounted).toEqual(['fine'])
  })

  it('the default composition names its lazy entries like the plugins they load', async () => {
    const lazy = composition.filter((entry) => 'load' in entry.plugin)
    expect(lazy.map((entry) => entry.id)).toEqual(['session-memory', 'session-idb', 'llm-scripted', 'llm-openai-compatible', 'llm-openai-responses', 'llm-anthropic', 'llm-gemini', 'llm-replay', 'llm-gateway', 'fs-webcontainer', 'shell-webcontainer'])
    for (const entry of lazy) {
      const loaded = await (entry.plugin as { load: () => Promise<KernelPlugin> }).load()
      expect(loaded.name, entry.id).toBe(entry.plugin.name)
    }
  })
})

describe('lazyPart (a part of a mounted plugin loaded on first use)', () => {
  it('imports on the first call only and shares that import', async () => {
    let imports = 0
    const load = lazyPart('demo: part', async () => ({ value: ++imports }))
    expect(imports).toBe(0)
    const [a, b] = await Promise.all([load(), load()])
    expect(a).toBe(b)
    expect((await load()).value).toBe(1)
    expect(imports).toBe(1)
  })

  it('rejects a failed import with a PluginLoadError naming the part, and imports again on the next call', async () => {
    let attempts = 0
    const load = lazyPart('tool-fs: read', async () => {
      if (++attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return 'body'
    })
    const failure = await load().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(PluginLoadError)
    expect(failure).toMatchObject({ name: 'PluginLoadError', code: 'PLUGIN_LOAD_FAILED', message: "'tool-fs: read' did not load: Failed to fetch dynamically imported module" })
    expect(await load()).toBe('body')
    expect(attempts).toBe(2)
  })
})

describe('warmLazyParts (every lazy part defined so far starts loading)', () => {
  it('starts each part not loaded yet, shares a load under way, and leaves a failed one to its own next call', async () => {
    let loads = 0
    let failures = 0
    const loaded = lazyPart('warm spec: loaded', async () => ++loads)
    await loaded()
    const failing = lazyPart('warm spec: failing', async () => {
      if (++failures === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return 'second try'
    })
    const names = warmLazyParts()
    expect(names).toEqual(expect.arrayContaining(['warm spec: loaded', 'warm spec: failing']))
    await Promise.resolve()
    expect(loads).toBe(1)
    await expect.poll(() => failures).toBe(1)
    expect(await failing()).toBe('second try')
  })
})
