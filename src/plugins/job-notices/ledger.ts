/**
 * Which background jobs a session's log says were still running: `job/started` without its
 * `job/ended` or `job/lost`. Plane: shared; pure fold over the log.
 * @module plugins/job-notices/ledger
 */
import type { SessionEvent } from '../../session/types.ts'
import './types.ts'

export interface OpenJob { jobId: string; label: string }

/** Jobs started in `events` that never ended and were not yet reported lost, oldest first. */
export function openJobs(events: readonly SessionEvent[]): OpenJob[] {
  const open = new Map<string, OpenJob>()
  for (const event of events) {
    if (event.type === 'job/started') {
      const { jobId, label } = (event as SessionEvent<'job/started'>).data
      open.set(jobId, { jobId, label })
    } else if (event.type === 'job/ended' || event.type === 'job/lost') {
      open.delete((event as SessionEvent<'job/ended'>).data.jobId)
    }
  }
  return [...open.values()]
}
