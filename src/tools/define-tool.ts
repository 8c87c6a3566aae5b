/**
 * `defineTool`: checks a tool definition at define time (name, description, parameter and output
 * schemas, callbacks, timeout) and returns it frozen, its schemas as deep-frozen copies. Plane: shared; pure.
 * Contract: a definition that passes here is accepted by `ctx.tools.register`, which does not check
 * it again (nothing in it can change).
 * @module tools/define-tool
 */
import type { JsonSchemaNode, ToolDefinition, ToolDefinitionInput } from './types.ts'
import type { JsonValue } from '../util/json.ts'
import { foreignParametersSnapshot, parametersSnapshot, supportedSchemaSnapshot } from './schema-check.ts'
import { compileParameters, compileValue } from './schema-dsl.ts'

/** Tool names the model may call: letters, digits, `_` and `-`, 1–64 characters. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
const EFFECTS = new Set(['read', 'write', 'execute'])
const OPTIONAL_FUNCTIONS = ['finalizeContent', 'isConcurrencySafe', 'presentCall', 'presentResult', 'validateArgs'] as const

function fail(name: string, problem: string): never {
  throw new TypeError(`tool ${JSON.stringify(name)}: ${problem}`)
}

/**
 * Schemas `toolParameters` / `toolOutputSchema` made (compiled, checked, deep-frozen): `defineTool`
 * takes them as they are, so a tool factory that runs on every boot compiles and checks nothing.
 */
const checkedParameters = new WeakSet<object>()
const checkedOutputSchemas = new WeakSet<object>()
const madeBy = (made: WeakSet<object>, schema: unknown): boolean => typeof schema === 'object' && schema !== null && made.has(schema)

/**
 * A tool's `parameters` (JSON-Schema subset or dsh's DSL) compiled and checked once, for a module
 * constant that the tool's factory passes to `defineTool` on every call.
 * @throws TypeError naming the first problem, as `defineTool` would
 */
export function toolParameters(toolName: string, parameters: ToolDefinitionInput['parameters']): ToolDefinitionInput['parameters'] {
  const node = parametersSnapshot(compileParameters(parameters, `${toolName}.parameters`), toolName)
  checkedParameters.add(node)
  return node as ToolDefinitionInput['parameters'] // a JSON-Schema node is JSON
}

/** A tool's `output.schema` compiled and checked once, like {@link toolParameters}. */
export function toolOutputSchema(toolName: string, schema: unknown): JsonSchemaNode {
  const path = `${toolName}.output.schema`
  const node = supportedSchemaSnapshot(compileValue(schema, path), path)
  checkedOutputSchemas.add(node)
  return node
}

/** Definitions `defineTool` returned: checked and immutable throughout. */
const definedTools = new WeakSet<object>()

/** Whether `definition` came from `defineTool` (checked already; frozen, schemas included). */
export function isDefinedTool(definition: unknown): boolean {
  return typeof definition === 'object' && definition !== null && definedTools.has(definition)
}

/**
 * `definition` checked: throws a TypeError naming its first problem, else returns it frozen with
 * deep-frozen copies of its schemas (and of `output`).
 */
function checked<D extends ToolDefinition>(definition: D): D {
  const name = typeof definition?.name === 'string' ? definition.name : String(definition?.name)
  if (!TOOL_NAME_PATTERN.test(name)) fail(name, `name must match ${TOOL_NAME_PATTERN}`)
  if (typeof definition.description !== 'string' || definition.description.trim() === '') fail(name, 'description must be a non-empty string')
  const parameters = typeof definition.validateArgs === 'function' ? foreignParametersSnapshot(definition.parameters, name)
    : madeBy(checkedParameters, definition.parameters) ? definition.parameters : parametersSnapshot(definition.parameters, name)
  const output = definition.output
  if (typeof output !== 'object' || output === null) fail(name, 'must declare output { schema, render }')
  const schema = madeBy(checkedOutputSchemas, output.schema) ? output.schema : supportedSchemaSnapshot(output.schema, `${name}.output.schema`)
  if (typeof output.render !== 'function') fail(name, 'output.render must be a function')
  if (output.presentationMeta !== undefined && typeof output.presentationMeta !== 'function') fail(name, 'output.presentationMeta must be a function')
  if (typeof definition.execute !== 'function') fail(name, 'execute must be a function')
  for (const key of OPTIONAL_FUNCTIONS) {
    if (definition[key] !== undefined && typeof definition[key] !== 'function') fail(name, `${key} must be a function`)
  }
  const timeoutMs = definition.timeoutMs
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) fail(name, 'timeoutMs must be a positive finite number')
  const maxTimeoutMs = definition.maxTimeoutMs
  if (maxTimeoutMs !== undefined && !(Number.isFinite(maxTimeoutMs) && maxTimeoutMs >= (timeoutMs ?? Infinity))) fail(name, 'maxTimeoutMs must be a finite number at least timeoutMs (and needs timeoutMs)')
  if (definition.effect !== undefined && !EFFECTS.has(definition.effect)) fail(name, "effect must be 'read', 'write' or 'execute'")
  return Object.freeze({ ...definition, parameters, output: Object.freeze({ ...output, schema }) })
}

/** Throws a TypeError naming the first problem of `definition`; returns it unchanged otherwise. */
export function assertToolDefinition<D extends ToolDefinition>(definition: D): D {
  checked(definition)
  return definition
}

/** `definition` with its schemas in the JSON-Schema subset (dsh's DSL compiled); itself when nothing changed. */
function compileSchemas<A, V extends JsonValue>(definition: ToolDefinitionInput<A, V>): ToolDefinition<A, V> {
  const name = String(definition?.name)
  if (typeof definition !== 'object' || definition === null || typeof definition.output !== 'object' || definition.output === null) return definition as ToolDefinition<A, V>
  // A schema from outside (validateArgs) is JSON Schema as its author wrote it: never read as the DSL.
  const parameters = typeof definition.validateArgs === 'function' || madeBy(checkedParameters, definition.parameters) ? definition.parameters
    : compileParameters(definition.parameters, `${name}.parameters`)
  const schema = madeBy(checkedOutputSchemas, definition.output.schema) ? definition.output.schema : compileValue(definition.output.schema, `${name}.output.schema`)
  if (parameters === definition.parameters && schema === definition.output.schema) return definition as ToolDefinition<A, V>
  return { ...definition, parameters, output: { ...definition.output, schema } } as ToolDefinition<A, V>
}

/**
 * Defines a tool. `parameters` is a JSON-Schema subset object with `type: 'object'` at the root,
 * or dsh's parameter DSL (an open property map, `required: true` per property, value types
 * `string number integer boolean null array object json` or `oneOf`, with `enum`/`const`);
 * `output.schema` likewise. Arguments are validated before `execute` runs (`INVALID_ARGS`), and
 * every returned value against `output.schema` (`INVALID_TOOL_OUTPUT`).
 * @returns the frozen definition (a copy, its schemas deep-frozen), ready for `ctx.tools.register`.
 */
export function defineTool<A = any, V extends JsonValue = any>(definition: ToolDefinitionInput<A, V>): ToolDefinition<A, V> {
  const tool = checked(compileSchemas(definition))
  definedTools.add(tool)
  return tool
}
