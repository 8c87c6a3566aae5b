/**
 * Cordis declarations of the approval seam: `ctx.approval` and the `approval/request` answerer
 * waterfall. Plane: shared; types only.
 * @module approval/events
 */
import type { ApprovalOutcome, ApprovalRequest } from './types.ts'
import type { ApprovalService } from './service.ts'

declare module '@deepseek-ai/cordis' {
  interface Context {
    approval: ApprovalService
  }
  interface Events {
    /**
     * Answer one approval request (frozen, no arguments: `callId` points at the logged call).
     * Default `unavailable`; a throw or an answer outside the four outcomes is `unavailable`.
     * Never consulted under policy `never`.
     * @mode waterfall
     */
    'approval/request'(request: Readonly<ApprovalRequest>, next: () => Promise<ApprovalOutcome>): Promise<ApprovalOutcome>
  }
}
