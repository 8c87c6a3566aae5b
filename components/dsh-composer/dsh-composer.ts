/**
 * Registers `<dsh-composer>` (safe to import twice). Plane: main.
 * @module components/dsh-composer
 */
import { defineOnce } from '../define.ts'
import { DshComposer } from './dsh-composer.element.ts'

defineOnce('dsh-composer', DshComposer)

declare global {
  interface HTMLElementTagNameMap { 'dsh-composer': DshComposer }
}
export { DshComposer }
