/**
 * The named errors of the jobs seam. Plane: shared.
 * Contract: an unknown (or another agent's) job id is `JOB_NOT_FOUND`, with the id in the message;
 * starting past the per-agent cap is `JOB_LIMIT` (dsh's bounded admission wording).
 * @module jobs/errors
 */

export class JobNotFoundError extends Error {
  readonly code = 'JOB_NOT_FOUND'
  constructor(readonly jobId: string) {
    super(`No background job with id "${jobId}". Use the job id that bash returned for a run_in_background command.`)
    this.name = 'JobNotFoundError'
  }
}

export class JobLimitError extends Error {
  readonly code = 'JOB_LIMIT'
  constructor(readonly limit: number) {
    super(`background job limit reached for this agent (limit: ${limit}); use job_kill to stop an unneeded job, wait for it to finish, then retry`)
    this.name = 'JobLimitError'
  }
}
