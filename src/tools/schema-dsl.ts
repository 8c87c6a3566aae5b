/**
 * dsh's schema DSL compiled to the JSON-Schema subset: a parameter root given as an open property
 * map, `required: true` on a property, and `type: 'json'` (any JSON value). Plane: shared; pure.
 * Contract: a schema in the JSON-Schema subset comes back unchanged (same object).
 * @module tools/schema-dsl
 */
import type { JsonSchemaNode } from './types.ts'

type Node = Record<string, unknown>

function isRecord(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function fail(path: string, problem: string): never {
  throw new TypeError(`schema ${path}: ${problem}`)
}

/** A property map with `required: true` lifted into a `required` list (undefined: nothing to lift). */
function compileProperties(map: Node, path: string): { properties: Node; required: string[] } {
  const properties: Node = {}
  const required: string[] = []
  for (const [key, spec] of Object.entries(map)) {
    if (!isRecord(spec)) fail(`${path}.${key}`, 'must be a value schema object')
    let child: unknown = spec
    if (Object.hasOwn(spec, 'required') && !Array.isArray(spec.required)) {
      if (spec.required !== true) fail(`${path}.${key}.required`, 'must be true when present')
      const { required: _flag, ...rest } = spec
      required.push(key)
      child = rest
    }
    Object.defineProperty(properties, key, { value: compileValue(child, `${path}.${key}`), enumerable: true, configurable: true, writable: true })
  }
  return { properties, required }
}

/** One value schema: DSL idioms compiled, anything else returned as is (the subset check runs later). */
export function compileValue(spec: unknown, path: string): unknown {
  if (!isRecord(spec)) return spec
  let node: Node = spec
  const edit = (changes: Node): void => {
    node = { ...node, ...changes }
  }
  if (node.type === 'json') {
    const { type: _json, ...annotations } = node
    node = annotations
  }
  if (isRecord(node.properties)) {
    const { properties, required } = compileProperties(node.properties, `${path}.properties`)
    const listed = Array.isArray(node.required) ? (node.required as string[]) : []
    const changed = required.length > 0 || Object.keys(properties).some((key) => properties[key] !== (node.properties as Node)[key])
    if (changed) edit({ properties, ...(required.length + listed.length > 0 ? { required: [...listed, ...required] } : {}) })
  }
  if (node.items !== undefined) {
    const items = compileValue(node.items, `${path}.items`)
    if (items !== node.items) edit({ items })
  }
  if (isRecord(node.additionalProperties)) {
    const extra = compileValue(node.additionalProperties, `${path}.additionalProperties`)
    if (extra !== node.additionalProperties) edit({ additionalProperties: extra })
  }
  if (Array.isArray(node.oneOf)) {
    const branches = node.oneOf.map((branch, i) => compileValue(branch, `${path}.oneOf[${i}]`))
    if (branches.some((branch, i) => branch !== (node.oneOf as unknown[])[i])) edit({ oneOf: branches })
  }
  return node
}

/**
 * A tool's `parameters`: a JSON-Schema root (`type` is a string) is compiled as a value schema;
 * anything else is dsh's open property map and becomes `{type:'object', properties, required?}`.
 */
export function compileParameters(parameters: unknown, path: string): unknown {
  if (!isRecord(parameters) || typeof parameters.type === 'string') return compileValue(parameters, path)
  const { properties, required } = compileProperties(parameters, `${path}`)
  const root: JsonSchemaNode = { type: 'object', properties: properties as Record<string, JsonSchemaNode> }
  return required.length > 0 ? { ...root, required } : root
}
