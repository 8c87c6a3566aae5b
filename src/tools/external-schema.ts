/**
 * Eval-free JSON Schema (2020-12) validation for schemas that come from outside — MCP servers,
 * the host page — on `@cfworker/json-schema` (no code generation, so a strict CSP holds). Also
 * the `jsonSchemaValidator` handed to the MCP SDK in place of its Ajv default. Plane: shared.
 * Contract: import it lazily (it is not part of the worker core); a broken schema never throws here.
 * @module tools/external-schema
 */
import { Validator } from '@cfworker/json-schema'

export type ValidationResult<T> = { valid: true; data: T; errorMessage: undefined } | { valid: false; data: undefined; errorMessage: string }

/** The value at a local JSON Pointer (`#/a/b`), or undefined. */
function pointer(root: unknown, ref: string): unknown {
  let node = root
  for (const raw of ref.slice(2).split('/').filter((part) => part !== '')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return node
}

/** Every `$ref` must point inside the schema: nothing is ever fetched. */
function unresolvedRef(root: unknown, node: unknown = root): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value !== '#' && (!value.startsWith('#/') || pointer(root, value) === undefined)) return value
    const found = unresolvedRef(root, value)
    if (found) return found
  }
  return undefined
}

/** Compiles `schema`; throws an Error naming the problem when the schema itself is unusable. */
export function compileExternalSchema(schema: unknown): (value: unknown) => string[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) throw new Error('schema must be a JSON object')
  const ref = unresolvedRef(schema)
  if (ref !== undefined) throw new Error(`$ref ${JSON.stringify(ref)} does not resolve inside the schema`)
  // The validator annotates the schema it walks (non-enumerable ids): give it a copy, never the caller's object.
  const validator = new Validator(JSON.parse(JSON.stringify(schema)) as never, '2020-12', false)
  const check = (value: unknown): string[] => {
    try {
      return validator.validate(value).errors
        .filter((error) => error.keyword !== 'properties' && error.keyword !== 'items')
        .map((error) => `${error.instanceLocation.replace(/^#/, '$').replace(/\//g, '.')}: ${error.error}`)
    } catch (error) { // the validator met a construct it cannot walk: the value is not accepted
      return [`$: the schema cannot be applied (${(error as Error).message.split('\n')[0]})`]
    }
  }
  check({}) // a schema the validator cannot walk fails here, at compile time
  return check
}

/** The MCP SDK's validator interface, eval-free; a schema that does not compile rejects every value with the reason. */
export class ExternalSchemaValidator {
  getValidator<T>(schema: unknown): (input: unknown) => ValidationResult<T> {
    let check: (value: unknown) => string[]
    try {
      check = compileExternalSchema(schema)
    } catch (error) {
      const message = `schema does not compile: ${(error as Error).message}`
      return () => ({ valid: false, data: undefined, errorMessage: message })
    }
    return (input) => {
      const problems = check(input)
      return problems.length === 0 ? { valid: true, data: input as T, errorMessage: undefined } : { valid: false, data: undefined, errorMessage: problems.join('; ') }
    }
  }
}
