/**
 * The epoch header a session's last request was made with (system prompt, tools, route): what
 * compaction measures against and summarizes with. Plane: worker; pure. Kept apart from compact.ts,
 * which loads only when a compaction runs.
 * @module plugins/compaction/header
 */
import type { Session } from '../../session/session.ts'
import type { EpochHeader } from '../../session/types.ts'

export function foldHeader(session: Session): EpochHeader | undefined {
  return session.lastOfType('request/header')?.data.header
}
