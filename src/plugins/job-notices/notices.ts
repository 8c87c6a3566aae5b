/**
 * The texts the model reads about background jobs: dsh tool-jobs' completion notice (`background
 * job <id> (<kind>: <label>) finished [status: …]. Read its output with job_output.`) and the
 * lost-after-reload notice. Plane: shared; pure.
 * @module plugins/job-notices/notices
 */
import type { JobEnd } from './types.ts'

/** dsh's status line: `[status: completed, exit code 0]`, `[status: killed, signal SIGTERM]`. */
export function statusLine(end: JobEnd): string {
  const detail = end.signal !== null ? `signal ${end.signal}` : end.exitCode !== null ? `exit code ${end.exitCode}` : undefined
  return detail === undefined ? `[status: ${end.status}]` : `[status: ${end.status}, ${detail}]`
}

export function completionNotice(jobId: string, label: string, end: JobEnd): string {
  return `background job ${jobId} (bash: ${label}) finished ${statusLine(end)}. Read its output with job_output.`
}

export function lostNotice(jobId: string, label: string): string {
  return `background job ${jobId} (bash: ${label}) was lost: the session was closed (a reload or a closed page) while it ran, so its process and unread output are gone. Run it again if you still need it.`
}
