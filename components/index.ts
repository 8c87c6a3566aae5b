/**
 * The embed's entry: registers `<dsh-agent>` with the elements it shows at once (transcript,
 * composer; safe to import twice) and exports the element and event types. The side panels and
 * the question card load when `<dsh-agent>` first shows them (their classes, as values, come from
 * `components/panels.ts`, the `./panels` export). Plane: main.
 * @module components/index
 */
export { DshAgent } from './dsh-agent/dsh-agent.ts'
export { DshTranscript } from './dsh-transcript/dsh-transcript.ts'
export { DshComposer } from './dsh-composer/dsh-composer.ts'
export type { DshSessionList } from './dsh-session-list/dsh-session-list.ts'
export type { DshSettings } from './dsh-settings/dsh-settings.ts'
export type * from './events/index.ts'
