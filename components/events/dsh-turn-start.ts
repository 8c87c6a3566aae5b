/**
 * `dsh-turn-start`: a turn began in the open session. Plane: main.
 * @module components/events/dsh-turn-start
 */
export interface DshTurnStartDetail { sessionId: string; turn: number }
export type DshTurnStartEvent = CustomEvent<DshTurnStartDetail>
