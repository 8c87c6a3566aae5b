// preloadRuntime: starts importing exactly the lazy plugins the boot of the same options mounts (storage,
// model provider, MCP client), boots nothing, and never throws — options the boot rejects preload nothing.
// Each enabled plugin with a warm-up gets it called with its entry's config (a lazy one once loaded);
// disabled entries are not warmed, and a warm-up that throws stops nothing.
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { composition, perItemPlugins } from '../../../src/kernel/compose.ts'
import { isLazyPlugin, lazyPlugin } from '../../../src/kernel/lazy-plugin.ts'
import { preloadRuntime } from '../../../src/kernel/preload.ts'
import { createRuntime, type Runtime, type RuntimeOptions } from '../../../src/kernel/runtime.ts'

const LAZY_NAMES = new Set([...composition.map((entry) => entry.plugin), perItemPlugins.mcpClient].filter(isLazyPlugin).map((plugin) => plugin.name))

let runtime: Runtime | undefined
afterEach(async () => {
  await runtime?.dispose()
  runtime = undefined
})

/** The lazy plugins a boot of `options` mounted (its enabled entries, by plugin name). */
async function bootedLazyPlugins(options: RuntimeOptions): Promise<string[]> {
  runtime = await createRuntime(options)
  return runtime.dumpConfig().filter((entry) => !entry.disabled && LAZY_NAMES.has(entry.plugin)).map((entry) => entry.plugin)
}

describe('preloadRuntime', () => {
  const cases: [string, RuntimeOptions][] = [
    ['memory storage, scripted model (the defaults)', {}],
    ['IndexedDB storage, OpenAI-compatible model', { storage: 'indexeddb', llm: { provider: 'openai-compatible', model: 'm' } }],
    ['a replayed session', { llm: { provider: 'replay', events: [] } }],
    ['an MCP server', { mcp: { servers: [{ name: 'docs', url: 'http://127.0.0.1:9/mcp' }] } }],
    ['a patch that disables the storage entry again', { storage: 'indexeddb', patches: [{ id: 'session-idb', disabled: true }, { id: 'session-memory', disabled: false }] }],
  ]
  for (const [name, options] of cases) {
    it(`starts the imports of the lazy plugins the boot mounts: ${name}`, async () => {
      const started = preloadRuntime(options)
      expect(started.length).toBeGreaterThan(0)
      expect(started).toEqual(await bootedLazyPlugins(options))
    })
  }

  it('calls the warm-up of each enabled plugin with its config, a lazy one once loaded; a throwing one stops nothing', async () => {
    const warmed: [string, unknown][] = []
    const warmable = (name: string) => Object.assign(() => undefined, { warm: (config: unknown) => void warmed.push([name, config]) })
    const throwing = Object.assign(() => undefined, { warm: () => { throw new Error('no disk') } })
    const started = preloadRuntime({
      patches: [
        { insert: { id: 'eager', plugin: warmable('eager'), config: { mirror: 'indexeddb' } } },
        { insert: { id: 'throws', plugin: throwing } },
        { insert: { id: 'lazy', plugin: lazyPlugin('lazy-one', async () => warmable('lazy')), config: { n: 1 } } },
        { insert: { id: 'off', plugin: warmable('off'), disabled: true } },
      ],
    })
    expect(started).toContain('lazy-one')
    expect(warmed).toEqual([['eager', { mirror: 'indexeddb' }]])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(warmed).toEqual([['eager', { mirror: 'indexeddb' }], ['lazy', { n: 1 }]])
  })

  it('preloads nothing, and does not throw, for options the boot rejects', async () => {
    const bad = { storage: 'floppy' } as unknown as RuntimeOptions
    expect(preloadRuntime(bad)).toEqual([])
    await expect(createRuntime(bad)).rejects.toThrow(/unknown storage/)
  })
})
