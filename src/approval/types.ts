/**
 * Approval vocabulary (dsh contracts §9). Plane: shared; types only.
 * @module approval/types
 */
import type { CallId } from '../util/brand.ts'
import type { Agent } from '../agent-loop/types.ts'

export interface ApprovalRequest {
  agent: Agent
  toolName: string
  callId?: CallId
  reason?: string
  signal?: AbortSignal
}
export type ApprovalOutcome = 'allowed-once' | 'rejected' | 'cancelled' | 'unavailable'
export type ApprovalPolicy = 'ask' | 'never'
export type SandboxMode = 'read-only' | 'workspace-write' | 'danger-full-access'
/** Permission presets: sandbox mode + approval policy + which calls ask. */
export type PermissionPreset = 'read-only' | 'workspace-write' | 'ask' | 'danger-full-access'
