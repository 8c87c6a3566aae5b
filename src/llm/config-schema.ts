/**
 * A minimal Standard-Schema validator for plain plugin configs (what Cordis runs before
 * `apply`). Plane: shared; no eval. Contract: `check` returns the normalized config or
 * throws a `TypeError` naming the field; the message becomes the schema issue.
 * @module llm/config-schema
 */
import type { StandardSchemaV1 } from '@standard-schema/spec'

export function configSchema<T>(plugin: string, check: (value: Record<string, unknown>) => T): StandardSchemaV1<unknown, T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'dsh-agent',
      validate(value: unknown) {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) {
          return { issues: [{ message: `${plugin}: config must be an object` }] }
        }
        try {
          return { value: check(value as Record<string, unknown>) }
        } catch (error) {
          return { issues: [{ message: `${plugin}: ${(error as Error).message}` }] }
        }
      },
    },
  }
}

/** @throws TypeError unless `value` is undefined or a string */
export function optionalString(config: Record<string, unknown>, key: string): string | undefined {
  const value = config[key]
  if (value !== undefined && typeof value !== 'string') throw new TypeError(`"${key}" must be a string`)
  return value
}

/** @throws TypeError unless `value` is undefined or a finite number ≥ `min` */
export function optionalNumber(config: Record<string, unknown>, key: string, min = 0): number | undefined {
  const value = config[key]
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) throw new TypeError(`"${key}" must be a number ≥ ${min}`)
  return value
}
