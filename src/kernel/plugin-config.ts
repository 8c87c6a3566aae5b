/**
 * Plugin config validation: a plugin's `Config` export is a JSON-schema subset node, checked with
 * the shared validator before the plugin is mounted. Plane: worker/shared; no eval.
 * Contract: `pluginConfig(schema)` also makes the schema a Standard Schema, so a plain `ctx.plugin()` accepts it.
 * @module kernel/plugin-config
 */
import { validateJson } from '../tools/json-schema.ts'
import type { JsonSchemaNode } from '../tools/types.ts'
import { PluginConfigError } from './errors.ts'
import type { KernelPlugin, ResolvedEntry } from './types.ts'

/** A plugin's display name: its `name` export, its class or function name, else `anonymous`. */
export function pluginName(plugin: KernelPlugin): string {
  return typeof plugin.name === 'string' && plugin.name !== '' ? plugin.name : 'anonymous'
}

/** The config error of an entry whose plugin declares `Config`, or undefined when it is valid (or undeclared). */
export function checkPluginConfig(entry: ResolvedEntry): PluginConfigError | undefined {
  const schema = entry.plugin.Config
  if (!schema) return undefined
  const problems = validateJson(schema, entry.config, '$')
  return problems.length > 0 ? new PluginConfigError(entry.id, pluginName(entry.plugin), problems) : undefined
}

/** The Standard Schema face Cordis reads from a plugin's `Config` when it is mounted with `ctx.plugin()`. */
export interface StandardConfigSchema {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: 'dsh-kernel'
    validate(value: unknown): { value: unknown } | { issues: { message: string }[] }
  }
}

/**
 * Declares a plugin `Config`: the same JSON-schema node, plus a Standard Schema validator so a
 * plugin mounted directly with `ctx.plugin()` (tests, host extras) is validated the same way.
 */
export function pluginConfig<const S extends JsonSchemaNode>(schema: S): S & StandardConfigSchema {
  const standard: StandardConfigSchema['~standard'] = {
    version: 1,
    vendor: 'dsh-kernel',
    validate(value) {
      const problems = validateJson(schema, value, '$')
      return problems.length > 0 ? { issues: problems.map((message) => ({ message })) } : { value }
    },
  }
  return Object.freeze({ ...schema, '~standard': standard })
}
