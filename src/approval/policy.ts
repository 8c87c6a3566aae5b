/**
 * Approval policy as a projection of the log: the last `approval/policy` event of a session, else
 * the configured default. Plane: shared; pure. Contract: only explicit API or config writes it.
 * @module approval/policy
 */
import type { Session } from '../session/session.ts'
import type { ApprovalOutcome, ApprovalPolicy } from './types.ts'

export const APPROVAL_POLICIES: readonly ApprovalPolicy[] = ['ask', 'never']
export const APPROVAL_OUTCOMES: readonly ApprovalOutcome[] = ['allowed-once', 'rejected', 'cancelled', 'unavailable']

export function isApprovalPolicy(value: unknown): value is ApprovalPolicy {
  return APPROVAL_POLICIES.includes(value as ApprovalPolicy)
}

export function isApprovalOutcome(value: unknown): value is ApprovalOutcome {
  return APPROVAL_OUTCOMES.includes(value as ApprovalOutcome)
}

/** The policy recorded last in the session, or undefined when none was ever set. */
export function loggedPolicy(session: Session): ApprovalPolicy | undefined {
  return session.lastOfType('approval/policy')?.data.policy
}

/** The one-sentence runtime-context statement of a policy. */
export function describePolicy(policy: ApprovalPolicy): string {
  return policy === 'never'
    ? 'Approval policy: never — calls that need approval are rejected without asking the user.'
    : 'Approval policy: ask — calls that need approval wait for the user to allow them once.'
}
