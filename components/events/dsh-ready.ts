/**
 * `dsh-ready`: the agent worker is up and a session is open. Plane: main.
 * @module components/events/dsh-ready
 */
export interface DshReadyDetail { sessionId: string }
export type DshReadyEvent = CustomEvent<DshReadyDetail>
