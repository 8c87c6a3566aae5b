/**
 * Registers `<dsh-question-card>` (safe to import twice). Plane: main.
 * @module components/dsh-question-card
 */
import { defineOnce } from '../define.ts'
import { DshQuestionCard } from './dsh-question-card.element.ts'

defineOnce('dsh-question-card', DshQuestionCard)

declare global {
  interface HTMLElementTagNameMap { 'dsh-question-card': DshQuestionCard }
}
export { DshQuestionCard }
