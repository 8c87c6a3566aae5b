/**
 * Branded ids as they cross the page/worker boundary, with checked constructors for ids read
 * from the wire. Plane: shared; no globals at import time.
 * Contract: a parsed id is a non-empty string of at most 200 printable characters.
 * @module protocol/ids
 */
import type { ApprovalRequestId, CallId, QuestionRequestId, SessionId } from '../util/brand.ts'

export type { ApprovalRequestId, CallId, QuestionRequestId, SessionId }

const ID_PATTERN = /^[\w.:-]{1,200}$/

/** True when `value` is shaped like an id we mint or accept (letters, digits, `_ . : -`). */
export function isIdText(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value)
}

/** @throws TypeError naming `what` when `value` is not id text. */
function brandId<T extends string>(value: unknown, what: string): T {
  if (!isIdText(value)) throw new TypeError(`${what} must be an id string (letters, digits, _ . : -), got ${JSON.stringify(value)}`)
  return value as T
}

export const asSessionId = (value: unknown): SessionId => brandId<SessionId>(value, 'sessionId')
export const asCallId = (value: unknown): CallId => brandId<CallId>(value, 'callId')
export const asApprovalId = (value: unknown): ApprovalRequestId => brandId<ApprovalRequestId>(value, 'approval id')
