/**
 * Named WebContainer failures shared by both halves of the bridge, and their wire form.
 * Plane: shared; pure. Contract: an error crossing the port keeps its name, message and code
 * (`ENOENT`-style codes too), so the worker maps it exactly as if the call had been local.
 * @module protocol/webcontainer/errors
 */
import type { WireError } from './messages.ts'

/** WebContainer cannot run here (no cross-origin isolation, boot failed); `message` is the reason. */
export class WebContainerUnavailableError extends Error {
  readonly code = 'WEBCONTAINER_UNAVAILABLE'
  constructor(reason: string) {
    super(reason)
    this.name = 'WebContainerUnavailableError'
  }
}

export type WebContainerBridgeCode = 'WEBCONTAINER_PAGE_GONE' | 'WEBCONTAINER_NOT_ATTACHED'

/** The bridge itself failed: the page-side host went away, or no page host was attached. */
export class WebContainerBridgeError extends Error {
  readonly code: WebContainerBridgeCode
  constructor(code: WebContainerBridgeCode, message: string) {
    super(message)
    this.name = 'WebContainerBridgeError'
    this.code = code
  }
}

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? { name: error.name, message: error.message, code } : { name: error.name, message: error.message }
}

export function fromWireError(wire: WireError): Error {
  if (wire.name === 'WebContainerUnavailableError') return new WebContainerUnavailableError(wire.message)
  const error = new Error(wire.message)
  error.name = wire.name
  return wire.code === undefined ? error : Object.assign(error, { code: wire.code })
}
