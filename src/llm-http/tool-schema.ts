/**
 * Tool parameter schemas normalised per provider before a request: keys providers reject are
 * removed (`$schema`, `$id`, `$comment` everywhere — every official MCP server's schemas carry
 * `$schema`), and for Gemini (native or its OpenAI-compatible endpoint) the schema becomes its
 * OpenAPI subset: `$ref`s inlined, `const` → `enum`, `oneOf` → `anyOf`, a `type` list → `type` +
 * `nullable`, unknown keywords dropped. Plane: shared; pure. Contract: input is never mutated.
 * @module llm-http/tool-schema
 */
import type { JsonValue } from '../util/json.ts'

export type SchemaDialect = 'json-schema' | 'gemini'

type Schema = { [key: string]: JsonValue }

const ANNOTATIONS = new Set(['$schema', '$id', '$comment'])
/** The keys of Gemini's `Schema` object (OpenAPI 3.0 subset). */
const GEMINI_KEYS = new Set(['type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required',
  'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering', 'default', 'items', 'minimum', 'maximum'])
/** Keys whose value is a map of names to schemas, or a list of schemas, or one schema. */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions', 'patternProperties'])
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems'])
const SCHEMA_ONE = new Set(['items', 'additionalProperties', 'not', 'contains'])
const MAX_REF_DEPTH = 8

const isObject = (value: JsonValue | undefined): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value)

function mapSchemas(value: JsonValue, each: (schema: JsonValue) => JsonValue): JsonValue {
  return isObject(value) ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, each(schema)])) : value
}

function stripAnnotations(schema: JsonValue): JsonValue {
  if (!isObject(schema)) return schema
  const out: Schema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue
    if (SCHEMA_MAPS.has(key)) out[key] = mapSchemas(value, stripAnnotations)
    else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) out[key] = value.map(stripAnnotations)
    else if (SCHEMA_ONE.has(key)) out[key] = stripAnnotations(value)
    else out[key] = value
  }
  return out
}

function resolveRef(ref: string, root: Schema): JsonValue | undefined {
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref)
  const defs = match ? root[match[1]!] : undefined
  return match && isObject(defs) ? defs[decodeURIComponent(match[2]!)] : undefined
}

function toGemini(schema: JsonValue, root: Schema, depth: number): JsonValue {
  if (!isObject(schema)) return schema
  if (typeof schema.$ref === 'string') {
    const target = depth < MAX_REF_DEPTH ? resolveRef(schema.$ref, root) : undefined
    const { $ref: _ref, ...rest } = schema
    return target === undefined ? { type: 'object', ...toGeminiFields(rest, root, depth) } : toGemini({ ...(target as Schema), ...rest }, root, depth + 1)
  }
  return toGeminiFields(schema, root, depth)
}

function toGeminiFields(schema: Schema, root: Schema, depth: number): Schema {
  const out: Schema = {}
  const source: Schema = { ...schema }
  if (source.const !== undefined && source.enum === undefined) source.enum = [source.const]
  if (Array.isArray(source.oneOf) && source.anyOf === undefined) source.anyOf = source.oneOf
  if (Array.isArray(source.type)) {
    const types = source.type.filter((type) => type !== 'null')
    if (types.length < source.type.length) out.nullable = true
    if (types.length === 1) source.type = types[0]!
    else {
      delete source.type
      if (types.length > 1 && source.anyOf === undefined) source.anyOf = types.map((type) => ({ type }))
    }
  }
  for (const [key, value] of Object.entries(source)) {
    if (!GEMINI_KEYS.has(key)) continue
    if (key === 'properties') out[key] = mapSchemas(value, (child) => toGemini(child, root, depth))
    else if (key === 'anyOf' && Array.isArray(value)) out[key] = value.map((child) => toGemini(child, root, depth))
    else if (key === 'items') out[key] = toGemini(value, root, depth)
    else if (key === 'enum' && Array.isArray(value)) out[key] = value.map(String)
    else out[key] = value
  }
  return out
}

/** `schema` as `dialect` accepts it (a new value; the input is untouched). */
export function normalizeToolSchema(schema: JsonValue, dialect: SchemaDialect): JsonValue {
  const clean = stripAnnotations(schema)
  if (dialect !== 'gemini' || !isObject(clean)) return clean
  return toGemini(clean, clean, 0)
}
