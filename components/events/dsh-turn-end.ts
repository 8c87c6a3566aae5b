/**
 * `dsh-turn-end`: a turn ended; `reason` is the logged `TurnEndReason`'s kind. Plane: main.
 * @module components/events/dsh-turn-end
 */
import type { TurnEndReason } from '../../src/session/types.ts'

export interface DshTurnEndDetail { sessionId: string; turn: number; reason: TurnEndReason['kind'] }
export type DshTurnEndEvent = CustomEvent<DshTurnEndDetail>
