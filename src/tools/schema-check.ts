/**
 * Define-time check that a schema uses only the enforced JSON-Schema subset, so a typo such as
 * `requried` or an unsupported `pattern` fails loudly at registration instead of being ignored.
 * Plane: shared; pure. Contract: throws a TypeError naming the offending path.
 * @module tools/schema-check
 */
import type { JsonSchemaNode } from './types.ts'
import { snapshotJson } from './json-snapshot.ts'

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'])
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems'] as const
const KEYWORDS = new Set([
  'type', 'oneOf', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const',
  'description', 'title', 'default', 'examples', 'minimum', 'maximum', ...COUNTS,
])

function bad(path: string, problem: string): never {
  throw new TypeError(`schema ${path}: ${problem}`)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function checkScalars(node: Record<string, unknown>, path: string): void {
  if (node.type !== undefined && !TYPES.has(node.type as string)) bad(`${path}.type`, `unsupported type ${JSON.stringify(node.type)}`)
  for (const key of ['minimum', 'maximum'] as const) {
    if (node[key] !== undefined && !Number.isFinite(node[key])) bad(`${path}.${key}`, 'must be a finite number')
  }
  for (const key of COUNTS) {
    const value = node[key]
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0)) bad(`${path}.${key}`, 'must be a non-negative integer')
  }
  for (const key of ['description', 'title'] as const) {
    if (node[key] !== undefined && typeof node[key] !== 'string') bad(`${path}.${key}`, 'must be a string')
  }
  if (node.enum !== undefined && (!Array.isArray(node.enum) || node.enum.length === 0)) bad(`${path}.enum`, 'must be a non-empty array')
  if (node.required !== undefined) {
    const required = node.required
    if (!Array.isArray(required) || required.some((name) => typeof name !== 'string')) bad(`${path}.required`, 'must be an array of strings')
    if (new Set(required).size !== required.length) bad(`${path}.required`, 'has duplicate names')
  }
}

function checkChildren(node: Record<string, unknown>, path: string): void {
  if (node.properties !== undefined) {
    if (!isRecord(node.properties)) bad(`${path}.properties`, 'must be an object')
    for (const [key, child] of Object.entries(node.properties)) checkNode(child, `${path}.properties.${key}`)
  }
  if (node.items !== undefined) checkNode(node.items, `${path}.items`)
  if (node.additionalProperties !== undefined && typeof node.additionalProperties !== 'boolean') {
    checkNode(node.additionalProperties, `${path}.additionalProperties`)
  }
  if (node.oneOf !== undefined) {
    if (!Array.isArray(node.oneOf) || node.oneOf.length === 0) bad(`${path}.oneOf`, 'must be a non-empty array')
    node.oneOf.forEach((child, i) => checkNode(child, `${path}.oneOf[${i}]`))
  }
}

function checkNode(node: unknown, path: string): void {
  if (!isRecord(node)) bad(path, 'must be an object')
  for (const key of Object.keys(node)) {
    if (!KEYWORDS.has(key)) bad(`${path}.${key}`, `unsupported keyword ${JSON.stringify(key)}`)
  }
  checkScalars(node, path)
  checkChildren(node, path)
}

/** Asserts `schema` is lossless JSON within the supported subset; returns its deep-frozen copy. */
export function supportedSchemaSnapshot(schema: unknown, path = '$'): JsonSchemaNode {
  const snapshot = snapshotJson(schema, path)
  checkNode(snapshot, path)
  return snapshot as JsonSchemaNode
}

/** Asserts a tool's `parameters` (a supported schema whose root is `type: 'object'`); returns its deep-frozen copy. */
export function parametersSnapshot(schema: unknown, toolName: string): JsonSchemaNode {
  const node = supportedSchemaSnapshot(schema, `${toolName}.parameters`)
  if (node.type !== 'object') bad(`${toolName}.parameters`, "root must be { type: 'object' }")
  return node
}

/** Asserts a schema that brings its own validator (`validateArgs`): lossless JSON with an object root; returns its deep-frozen copy. */
export function foreignParametersSnapshot(schema: unknown, toolName: string): JsonSchemaNode {
  const snapshot = snapshotJson(schema, `${toolName}.parameters`)
  if (!isRecord(snapshot) || snapshot.type !== 'object') bad(`${toolName}.parameters`, "root must be { type: 'object' }")
  return snapshot as JsonSchemaNode
}
