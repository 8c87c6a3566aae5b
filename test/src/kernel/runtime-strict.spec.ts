// No silent partial boot: a plugin that fails to start is listed by diagnostics() (default), or
// makes createRuntime({strict: true}) reject with DSH_PLUGIN_FAILED naming it, leaving nothing running.
import type { Context } from '@deepseek-ai/cordis'
import { describe, expect, it } from 'vitest'
import { RuntimeBootError, createRuntime } from '../../../src/kernel/runtime.ts'
import type { RuntimeOptions } from '../../../src/kernel/runtime.ts'

const badProvider: RuntimeOptions = { llm: { provider: 'openai-compatible', model: 'm', baseURL: 'not a url' } }

/** A plugin that records its own unloading, inserted at the end of the composition. */
function witness(log: string[]): RuntimeOptions['patches'] {
  const plugin = function witness(ctx: Context) { ctx.effect(() => () => log.push('witness unloaded')) }
  return [{ insert: { id: 'witness', plugin } }]
}

describe('createRuntime and plugins that do not start', () => {
  it('boots without the failed plugin by default; diagnostics() names it', async () => {
    const runtime = await createRuntime(badProvider)
    try {
      expect(runtime.diagnostics().plugins).toEqual([expect.objectContaining({ id: 'llm-openai-compatible', state: 'failed', error: expect.stringContaining('"baseURL" is not a URL') })])
    } finally {
      await runtime.dispose()
    }
  })

  it('with strict: true rejects with RuntimeBootError DSH_PLUGIN_FAILED naming the plugin, and unloads what did start', async () => {
    const log: string[] = []
    const failure = await createRuntime({ ...badProvider, strict: true, patches: witness(log) }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(RuntimeBootError)
    expect(failure).toMatchObject({ code: 'DSH_PLUGIN_FAILED', problems: [expect.objectContaining({ id: 'llm-openai-compatible', state: 'failed' })] })
    expect((failure as Error).message).toMatch(/^runtime did not start: plugin 'llm-openai-compatible' failed to start: .*"baseURL" is not a URL/)
    expect(log).toEqual(['witness unloaded'])
  })

  it('with strict: true names a plugin left waiting for a service nobody provides', async () => {
    const waiting = Object.assign(function waiting() {}, { inject: ['nowhere'] })
    const failure = await createRuntime({ strict: true, patches: [{ insert: { id: 'waiting', plugin: waiting } }] }).catch((error: unknown) => error)
    expect(failure).toMatchObject({ code: 'DSH_PLUGIN_FAILED' })
    expect((failure as Error).message).toContain("plugin 'waiting' did not start: it needs nowhere, which no running plugin provides")
  })

  it('with strict: true resolves when every plugin started', async () => {
    const runtime = await createRuntime({ strict: true })
    expect(runtime.diagnostics().plugins).toEqual([])
    await runtime.dispose()
  })
})
