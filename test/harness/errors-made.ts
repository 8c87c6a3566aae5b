/**
 * Test helper: which errors a piece of code constructs, by the stack depth each could capture
 * (`Error.stackTraceLimit` at construction; 0 means no stack was captured). Plane: Node tests.
 * @module test/harness/errors-made
 */

/** Stack limits of the errors constructed while `run` ran (0: no stack captured). */
export function errorsMadeDuring(run: () => void): number[] {
  const OriginalError = Error
  const limits: number[] = []
  globalThis.Error = new Proxy(OriginalError, {
    construct(target, args, newTarget) {
      limits.push(OriginalError.stackTraceLimit)
      return Reflect.construct(target, args, newTarget)
    },
  })
  try {
    run()
  } finally {
    globalThis.Error = OriginalError
  }
  return limits
}
