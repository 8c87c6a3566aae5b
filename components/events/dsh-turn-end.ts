/**
 * `dsh-turn-end`: a turn ended; `reason` is the logged `TurnEndReason` kind. Plane: main.
 * @module components/events/dsh-turn-end
 */
export interface DshTurnEndDetail { sessionId: string; turn: number; reason: 'completed' | 'aborted' | 'blocked' | 'error' | 'max-tokens' | 'interrupted' | 'budget' }
export type DshTurnEndEvent = CustomEvent<DshTurnEndDetail>
