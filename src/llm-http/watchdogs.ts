/**
 * The two stream clocks: transport idleness (any byte re-arms it; fires `TIMEOUT`) and
 * payload progress (only data events re-arm it, keep-alive comments do not; fires `STALLED`).
 * Plane: shared; uses function timers only. Contract: the first clock to fire aborts the
 * request with its failure, recorded in `failure`; `dispose()` clears both.
 * @module llm-http/watchdogs
 */
import { LlmError } from '../llm/errors.ts'

class Clock {
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly ms: number, private readonly fire: () => void) {}

  arm(): void {
    this.stop()
    this.timer = setTimeout(this.fire, this.ms)
  }

  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
  }
}

export class Watchdogs {
  /** The failure of the clock that fired, if one did. */
  failure: LlmError | undefined
  private readonly transport: Clock
  private readonly payload: Clock

  constructor(private readonly controller: AbortController, transportMs: number, payloadMs: number) {
    this.transport = new Clock(transportMs, () => this.trip(new LlmError({
      message: `no bytes from the provider for ${transportMs} ms`, code: 'TIMEOUT',
    })))
    this.payload = new Clock(payloadMs, () => this.trip(new LlmError({
      message: `no stream payload for ${payloadMs} ms (only keep-alives)`, code: 'STALLED',
    })))
  }

  /** Starts the transport clock (request sent). */
  start(): void {
    this.transport.arm()
  }

  /** Bytes arrived: re-arm the transport clock. */
  bytes(): void {
    if (!this.failure) this.transport.arm()
  }

  /** A data event arrived (or the body began): re-arm the payload clock. */
  progress(): void {
    if (!this.failure) this.payload.arm()
  }

  dispose(): void {
    this.transport.stop()
    this.payload.stop()
  }

  private trip(failure: LlmError): void {
    if (this.failure) return
    this.failure = failure
    this.dispose()
    this.controller.abort(failure)
  }
}
