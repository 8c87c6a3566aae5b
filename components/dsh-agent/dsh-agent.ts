/**
 * Registers `<dsh-agent>` and its parts (safe to import twice). Plane: main.
 * @module components/dsh-agent
 */
import { defineOnce } from '../define.ts'
import { DshAgent } from './dsh-agent.element.ts'

defineOnce('dsh-agent', DshAgent)

declare global {
  interface HTMLElementTagNameMap { 'dsh-agent': DshAgent }
}
export { DshAgent }
