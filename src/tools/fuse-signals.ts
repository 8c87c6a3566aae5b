/**
 * Fuses the caller's abort signal with the one a `tools/execute` wrapper put on the execution,
 * so a wrapper can add a deadline but never detach the caller's cancellation.
 * Plane: shared; no timers. Contract: aborts when either aborts, with that signal's reason.
 * @module tools/fuse-signals
 */

export interface FusedSignal {
  readonly signal: AbortSignal
  /** Removes the relay listeners once the body has settled. */
  dispose(): void
}

/** The fused signal of `caller` and `wrapper` (the caller itself when they are the same). */
export function fuseSignals(caller: AbortSignal, wrapper: AbortSignal): FusedSignal {
  if (caller === wrapper) return { signal: caller, dispose: () => {} }
  const controller = new AbortController()
  const onCaller = (): void => relay(caller)
  const onWrapper = (): void => relay(wrapper)
  const dispose = (): void => {
    caller.removeEventListener('abort', onCaller)
    wrapper.removeEventListener('abort', onWrapper)
  }
  function relay(source: AbortSignal): void {
    dispose()
    controller.abort(source.reason)
  }
  if (caller.aborted) relay(caller)
  else if (wrapper.aborted) relay(wrapper)
  else {
    caller.addEventListener('abort', onCaller, { once: true })
    wrapper.addEventListener('abort', onWrapper, { once: true })
  }
  return { signal: controller.signal, dispose }
}
