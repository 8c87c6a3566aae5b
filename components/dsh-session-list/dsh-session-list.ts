/**
 * Registers `<dsh-session-list>` (safe to import twice). Plane: main.
 * @module components/dsh-session-list
 */
import { defineOnce } from '../define.ts'
import { DshSessionList } from './dsh-session-list.element.ts'

defineOnce('dsh-session-list', DshSessionList)

declare global {
  interface HTMLElementTagNameMap { 'dsh-session-list': DshSessionList }
}
export { DshSessionList }
