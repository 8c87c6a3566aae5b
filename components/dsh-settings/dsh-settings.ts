/**
 * Registers `<dsh-settings>` (safe to import twice). Plane: main.
 * @module components/dsh-settings
 */
import { defineOnce } from '../define.ts'
import { DshSettings } from './dsh-settings.element.ts'

defineOnce('dsh-settings', DshSettings)

declare global {
  interface HTMLElementTagNameMap { 'dsh-settings': DshSettings }
}
export { DshSettings }
