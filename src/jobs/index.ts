/**
 * The jobs plugin: provides `ctx.jobs` (background shell jobs owned by agents).
 * Plane: worker. Contract: dsh contracts §11 (background jobs; no timeout).
 * @module jobs/index
 */
import { JobRegistry } from './job-registry.ts'

export { JobRegistry, type Config } from './job-registry.ts'
export { JobLimitError, JobNotFoundError } from './errors.ts'
export type { JobInfo, JobRead, JobSettledPayload, JobStartedPayload, JobStartSpec, JobStatus } from './types.ts'

export default JobRegistry
