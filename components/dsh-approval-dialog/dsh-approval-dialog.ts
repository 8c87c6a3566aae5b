/**
 * Registers `<dsh-approval-dialog>` (safe to import twice). Plane: main.
 * @module components/dsh-approval-dialog
 */
import { defineOnce } from '../define.ts'
import { DshApprovalDialog } from './dsh-approval-dialog.element.ts'

defineOnce('dsh-approval-dialog', DshApprovalDialog)

declare global {
  interface HTMLElementTagNameMap { 'dsh-approval-dialog': DshApprovalDialog }
}
export { DshApprovalDialog }
