/**
 * Plugin config validation before mount. A plugin's `Config` is a Standard Schema (what Cordis
 * itself reads): `pluginConfig(jsonSchemaNode)` builds one from a declarative schema; a bare
 * JSON-schema node is accepted too. Plane: worker/shared; no eval.
 * @module kernel/plugin-config
 */
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { validateJson } from '../tools/json-schema.ts'
import type { JsonSchemaNode } from '../tools/types.ts'
import { PluginConfigError } from './errors.ts'
import type { KernelPlugin, LazyPlugin, ResolvedEntry } from './types.ts'

/** A plugin's display name: its `name` export, its class or function name, else `anonymous`. */
export function pluginName(plugin: KernelPlugin | LazyPlugin): string {
  return typeof plugin.name === 'string' && plugin.name !== '' ? plugin.name : 'anonymous'
}

/** The config error of an entry whose plugin declares `Config`, or undefined when it is valid (or undeclared). */
export function checkPluginConfig(entry: ResolvedEntry & { plugin: KernelPlugin }): PluginConfigError | undefined {
  const schema = entry.plugin.Config
  if (!schema) return undefined
  const problems = isStandardSchema(schema) ? standardIssues(schema, entry.config) : validateJson(schema, entry.config, '$')
  return problems.length > 0 ? new PluginConfigError(entry.id, pluginName(entry.plugin), problems) : undefined
}

export function isStandardSchema(schema: object): schema is StandardConfigSchema {
  return typeof (schema as Partial<StandardConfigSchema>)['~standard']?.validate === 'function'
}

function standardIssues(schema: StandardConfigSchema, config: unknown): string[] {
  const result = schema['~standard'].validate(config)
  if ('then' in result) return ['config validation must be synchronous']
  return result.issues ? result.issues.map((issue) => issue.message) : []
}

/** The Standard Schema face Cordis reads from a plugin's `Config` when it is mounted with `ctx.plugin()`. */
export type StandardConfigSchema = StandardSchemaV1<unknown, unknown>

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
