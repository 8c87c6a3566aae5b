/**
 * The spill failure vocabulary. Plane: shared; pure.
 * @module spill/errors
 */
export type SpillErrorCode = 'SPILL_MISSING' | 'SPILL_READ_ONLY'

/** A spill failure with a stable code; the tool pipeline reports `{name: 'SpillError', code}`. */
export class SpillError extends Error {
  override readonly name = 'SpillError'
  constructor(readonly code: SpillErrorCode, message: string) {
    super(message)
  }
}

/** A spilled body that is no longer stored (storage evicted or cleared, or another browser's session). */
export const spillMissing = (locator: string): SpillError =>
  new SpillError('SPILL_MISSING', `The full result at ${locator} is no longer stored (the browser's storage was cleared or evicted); only the preview in the earlier tool result remains. Run the tool again if you need the whole output.`)
