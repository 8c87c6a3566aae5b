/**
 * The job ledger's durable events (written `ignorable`, so dsh and older readers still load the
 * file). Plane: shared; types only.
 * @module plugins/job-notices/types
 */
import type { JobStatus } from '../../jobs/types.ts'

export interface JobEnd { status: JobStatus; exitCode: number | null; signal: string | null }

declare module '../../session/types.ts' {
  interface SessionEventMap {
    /** A background job of this session's agent started (`label`: its command line). */
    'job/started': { jobId: string; label: string }
    /** That job ended, with its final status. */
    'job/ended': { jobId: string; label: string } & JobEnd
    /** That job was running when the session was last loaded elsewhere (a reload): its process and output are gone. */
    'job/lost': { jobId: string; label: string }
  }
}
