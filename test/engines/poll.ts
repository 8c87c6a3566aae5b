/**
 * Waiting on a page through any EngineDriver: polls a probe query until it satisfies a condition,
 * then returns the value; on timeout throws with the last value seen, so a failure says what the page showed.
 * @module test/engines/poll
 */
import type { EngineDriver, ProbeCall } from './drivers/driver.ts'

export async function until<T>(driver: EngineDriver, what: string, query: [ProbeCall, ...unknown[]], ok: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T | undefined
  for (;;) {
    last = await driver.probe<T>(...query)
    if (last !== undefined && ok(last)) return last
    if (Date.now() > deadline) throw new Error(`${driver.engine}: timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${JSON.stringify(last)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
