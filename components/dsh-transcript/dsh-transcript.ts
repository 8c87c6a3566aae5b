/**
 * Registers `<dsh-transcript>` (safe to import twice). Plane: main.
 * @module components/dsh-transcript
 */
import { defineOnce } from '../define.ts'
import { DshTranscript } from './dsh-transcript.element.ts'

defineOnce('dsh-transcript', DshTranscript)

declare global {
  interface HTMLElementTagNameMap { 'dsh-transcript': DshTranscript }
}
export { DshTranscript }
