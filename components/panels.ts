/**
 * The `./panels` entry: registers the elements `<dsh-agent>` loads when it first shows them —
 * `<dsh-session-list>`, `<dsh-settings>`, `<dsh-mcp-settings>`, `<dsh-question-card>` (safe to import
 * twice, and alongside the element's own lazy load) — and exports their classes, for a page that
 * uses one on its own. Plane: main.
 * @module components/panels
 */
export { DshSessionList } from './dsh-session-list/dsh-session-list.ts'
export { DshSettings } from './dsh-settings/dsh-settings.ts'
export { DshMcpSettings } from './dsh-mcp-settings/dsh-mcp-settings.ts'
export { DshQuestionCard } from './dsh-question-card/dsh-question-card.ts'
