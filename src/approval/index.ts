/**
 * The approval seam: `ctx.approval` (ApprovalService, default export) and its vocabulary.
 * Plane: worker. Contract: see README.md and dsh contracts §9.
 * @module approval/index
 */
export { ApprovalService as default, ApprovalService, type Config } from './service.ts'
export { APPROVAL_OUTCOMES, APPROVAL_POLICIES, describePolicy, isApprovalOutcome, loggedPolicy } from './policy.ts'
export type * from './types.ts'
