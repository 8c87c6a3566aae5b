/**
 * Registers `<dsh-mcp-settings>` (safe to import twice). Plane: main.
 * @module components/dsh-mcp-settings
 */
import { defineOnce } from '../define.ts'
import { DshMcpSettings } from './dsh-mcp-settings.element.ts'

defineOnce('dsh-mcp-settings', DshMcpSettings)

declare global {
  interface HTMLElementTagNameMap { 'dsh-mcp-settings': DshMcpSettings }
}
export { DshMcpSettings }
