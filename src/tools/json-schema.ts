/**
 * CSP-safe validator for the enforced JSON-Schema subset (type oneOf properties required
 * additionalProperties items enum const + min/max/length annotations). Plane: shared; no
 * eval/new Function, no globals. Contract: returns error messages with JSON paths; [] = valid.
 * @module tools/json-schema
 */
import type { JsonSchemaNode, ToolDefinition } from './types.ts'
import type { JsonValue } from '../util/json.ts'

type JsonType = NonNullable<JsonSchemaNode['type']>

/** Deep structural equality over JSON values (object key order ignored). */
export function jsonEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const bb = b as unknown[]
    return a.length === bb.length && a.every((item, i) => jsonEquals(item, bb[i]))
  }
  const ao = a as Record<string, unknown>
  const bo = b as Record<string, unknown>
  const keys = Object.keys(ao)
  if (keys.length !== Object.keys(bo).length) return false
  return keys.every((k) => Object.hasOwn(bo, k) && jsonEquals(ao[k], bo[k]))
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** The JSON type name of a value, or a descriptive name for non-JSON values. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : 'non-finite number'
  if (typeof value === 'object') return isPlainObject(value) ? 'object' : 'non-plain object'
  return typeof value
}

function matchesType(type: JsonType, value: unknown): boolean {
  switch (type) {
    case 'integer': return typeof value === 'number' && Number.isInteger(value)
    case 'number': return typeof value === 'number' && Number.isFinite(value)
    case 'object': return isPlainObject(value)
    default: return jsonTypeOf(value) === type
  }
}

function childPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`
}

function checkBounds(schema: JsonSchemaNode, value: unknown, path: string, errors: string[]): void {
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${path}: must be >= ${schema.minimum}`)
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${path}: must be <= ${schema.maximum}`)
  }
  if (typeof value === 'string') {
    const length = [...value].length
    if (schema.minLength !== undefined && length < schema.minLength) errors.push(`${path}: must have at least ${schema.minLength} characters`)
    if (schema.maxLength !== undefined && length > schema.maxLength) errors.push(`${path}: must have at most ${schema.maxLength} characters`)
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${path}: must have at least ${schema.minItems} items`)
    if (schema.maxItems !== undefined && value.length > schema.maxItems) errors.push(`${path}: must have at most ${schema.maxItems} items`)
  }
}

function checkObject(schema: JsonSchemaNode, value: Record<string, unknown>, path: string, errors: string[]): void {
  for (const key of schema.required ?? []) {
    if (!Object.hasOwn(value, key)) errors.push(`${childPath(path, key)}: is required`)
  }
  const properties = schema.properties ?? {}
  for (const key of Object.keys(value)) {
    const propertySchema = Object.hasOwn(properties, key) ? properties[key] : undefined
    if (propertySchema) {
      errors.push(...validateJson(propertySchema, value[key], childPath(path, key)))
    } else if (schema.additionalProperties === false) {
      errors.push(`${childPath(path, key)}: is not an allowed property`)
    } else if (typeof schema.additionalProperties === 'object') {
      errors.push(...validateJson(schema.additionalProperties, value[key], childPath(path, key)))
    }
  }
}

function checkOneOf(options: JsonSchemaNode[], value: unknown, path: string, errors: string[]): void {
  const matching = options.filter((option) => validateJson(option, value, path).length === 0).length
  if (matching !== 1) {
    errors.push(`${path}: must match exactly one schema in oneOf (matched ${matching} of ${options.length})`)
  }
}

/**
 * Validates `value` against `schema`.
 * @returns error messages, each prefixed by the JSON path of the offending value; `[]` = valid.
 */
export function validateJson(schema: JsonSchemaNode, value: unknown, path = '$'): string[] {
  const errors: string[] = []
  if (schema.type !== undefined && !matchesType(schema.type, value)) {
    return [`${path}: expected ${schema.type}, got ${jsonTypeOf(value)}`]
  }
  if (schema.const !== undefined && !jsonEquals(schema.const, value)) {
    errors.push(`${path}: must equal ${JSON.stringify(schema.const)}`)
  }
  if (schema.enum !== undefined && !schema.enum.some((option) => jsonEquals(option, value))) {
    errors.push(`${path}: must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}`)
  }
  if (schema.oneOf !== undefined) checkOneOf(schema.oneOf, value, path, errors)
  checkBounds(schema, value, path, errors)
  if (isPlainObject(value) && (schema.properties || schema.required || schema.additionalProperties !== undefined)) {
    checkObject(schema, value, path, errors)
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => errors.push(...validateJson(schema.items as JsonSchemaNode, item, `${path}[${i}]`)))
  }
  return errors
}

/** A call's argument problems: the tool's own `validateArgs` when it has one, else the subset check of `parameters`. */
export function argumentProblems(tool: Pick<ToolDefinition, 'parameters' | 'validateArgs'>, args: JsonValue | undefined): string[] {
  return tool.validateArgs ? tool.validateArgs(args) : validateJson(tool.parameters as JsonSchemaNode, args)
}
