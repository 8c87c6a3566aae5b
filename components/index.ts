/**
 * Registers every dsh element (safe to import twice) and exports the event types.
 * Plane: main.
 * @module components/index
 */
export { DshAgent } from './dsh-agent/dsh-agent.ts'
export { DshTranscript } from './dsh-transcript/dsh-transcript.ts'
export { DshComposer } from './dsh-composer/dsh-composer.ts'
export { DshSessionList } from './dsh-session-list/dsh-session-list.ts'
export { DshSettings } from './dsh-settings/dsh-settings.ts'
export type * from './events/index.ts'
