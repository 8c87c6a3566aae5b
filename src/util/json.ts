/**
 * The JSON value type shared by logged events, tool values and wire messages.
 * Plane: shared; types only.
 * @module util/json
 */
export type JsonPrimitive = string | number | boolean | null
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue }
export type JsonObject = { [key: string]: JsonValue }
