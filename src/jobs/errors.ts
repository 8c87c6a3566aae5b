/**
 * The named error of the jobs seam. Plane: shared.
 * Contract: an unknown (or another agent's) job id is `JOB_NOT_FOUND`, with the id in the message.
 * @module jobs/errors
 */

export class JobNotFoundError extends Error {
  readonly code = 'JOB_NOT_FOUND'
  constructor(readonly jobId: string) {
    super(`No background job with id "${jobId}". Use the job id that bash returned for a run_in_background command.`)
    this.name = 'JobNotFoundError'
  }
}
