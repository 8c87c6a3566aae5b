// A plugin Config declared with pluginConfig() is validated the same way whether the kernel
// mounts the plugin or a test mounts it directly with ctx.plugin(); error text names the JSON path.
import { Context } from '@deepseek-ai/cordis'
import { describe, expect, it } from 'vitest'
import { checkPluginConfig, pluginConfig, pluginName } from '../../../src/kernel/plugin-config.ts'

const Config = pluginConfig({
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1 } },
  required: ['limit'],
  additionalProperties: false,
})

const applied: unknown[] = []
const limiter = { name: 'limiter', Config, apply: (_ctx: Context, config: unknown) => { applied.push(config) } }

describe('pluginConfig', () => {
  it('keeps the JSON-schema fields, so the kernel validates with the shared validator', () => {
    expect(Config.required).toEqual(['limit'])
    const error = checkPluginConfig({ id: 'limiter', plugin: limiter, config: { limit: 0 }, disabled: false, layer: 'default' })
    expect(error?.name).toBe('PluginConfigError')
    expect(error?.message).toBe("kernel: entry 'limiter' (limiter) has an invalid config: $.limit: must be >= 1")
    expect(checkPluginConfig({ id: 'limiter', plugin: limiter, config: { limit: 3 }, disabled: false, layer: 'default' })).toBeUndefined()
  })

  it('makes a direct ctx.plugin() validate before apply: a bad config fails that fiber with the path', async () => {
    const root = new Context()
    await expect(root.plugin(limiter, { limit: 'ten' } as never)).rejects.toThrow('$.limit: expected integer, got string')
    expect(applied).toEqual([])
    await root.plugin(limiter, { limit: 10 } as never)
    expect(applied).toEqual([{ limit: 10 }])
  })

  it('names plugins by their name export, else anonymous', () => {
    expect(pluginName(limiter)).toBe('limiter')
    expect(pluginName({ name: '', apply: () => {} })).toBe('anonymous')
  })
})
