/**
 * Wraps an adapter stream so it always ends in one terminal `finish`: a throw becomes
 * `finish {error|aborted}`, an abort ends the stream at once (even if the adapter ignores
 * the signal), nothing passes after `finish`. Plane: shared; no globals.
 * @module llm/guarded-stream
 */
import { failureOf } from './errors.ts'
import type { StreamChunk } from './types.ts'

function failureChunk(error: unknown, signal: AbortSignal | undefined): StreamChunk {
  const { failure, aborted } = failureOf(error, signal)
  return { type: 'finish', reason: { kind: aborted ? 'aborted' : 'error', failure } }
}

function abortPromise(signal: AbortSignal | undefined): { promise: Promise<'aborted'>; dispose(): void } {
  if (!signal) return { promise: new Promise<never>(() => {}), dispose() {} }
  let onAbort = (): void => {}
  const promise = new Promise<'aborted'>((resolve) => {
    onAbort = () => resolve('aborted')
    if (signal.aborted) resolve('aborted')
    else signal.addEventListener('abort', onAbort, { once: true })
  })
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) }
}

/**
 * @param open - starts the adapter stream (called once, inside the guard, so sync throws are caught)
 * @param signal - the caller's signal; once aborted the stream yields `finish {aborted}` and stops
 */
export async function* guardStream(open: () => AsyncIterable<StreamChunk>, signal?: AbortSignal): AsyncGenerator<StreamChunk> {
  const abort = abortPromise(signal)
  let iterator: AsyncIterator<StreamChunk> | undefined
  try {
    if (signal?.aborted) throw signal.reason
    iterator = open()[Symbol.asyncIterator]()
    while (true) {
      const next = await Promise.race([iterator.next(), abort.promise])
      if (next === 'aborted') {
        void Promise.resolve(iterator.return?.()).catch(() => undefined)
        iterator = undefined
        yield failureChunk(signal?.reason, signal)
        return
      }
      if (next.done) {
        iterator = undefined
        if (signal?.aborted) yield failureChunk(signal.reason, signal)
        return
      }
      yield next.value
      if (next.value.type === 'finish') return
    }
  } catch (error) {
    iterator = undefined
    yield failureChunk(error, signal)
  } finally {
    abort.dispose()
    if (iterator) await Promise.resolve(iterator.return?.()).catch(() => undefined)
  }
}
