/**
 * The host's named failure. Plane: worker. Contract: `code` reaches the page unchanged (the host
 * turns every throw into `{ok:false, code, message}`); the message never carries the API key.
 * @module host/errors
 */

/** A named failure inside the host; its `code` reaches the page. */
export class HostError extends Error {
  override name = 'HostError'
  constructor(readonly code: string, message: string) { super(message) }
}
