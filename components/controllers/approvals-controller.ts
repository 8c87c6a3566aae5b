/**
 * The agent's questions to the reader: pending approvals (asked on the call's card), pending
 * `ask_user_question` prompts (answered above the composer) and the open session's "Allow for
 * this session" rules (read again when the log adds or revokes one). Plane: main.
 * Contract: never throws (commands go through `AgentController.call`).
 * @module components/controllers/approvals-controller
 */
import type { ApprovalQuestion, ApprovalRuleView, HostNotice, UserQuestionPrompt } from '../../src/protocol/index.ts'
import type { AskUserQuestionAnswer } from '../../src/user-questions/types.ts'
import type { AgentController, AgentFeature } from './agent-controller.ts'

export class ApprovalsController implements AgentFeature {
  questions: ApprovalQuestion[] = []
  /** Pending `ask_user_question` prompts, oldest first (answered in the composer area). */
  userQuestions: UserQuestionPrompt[] = []
  /** The open session's "Allow for this session" rules. */
  rules: ApprovalRuleView[] = []

  constructor(private readonly agent: AgentController) {
    agent.join(this)
  }

  /** @param remember with `allowed-once`: "Allow for this session" (the worker logs a session rule). */
  async answer(id: string, outcome: 'allowed-once' | 'rejected', remember = false): Promise<void> {
    this.questions = this.questions.filter((q) => q.id !== id)
    this.agent.host.requestUpdate()
    await this.agent.call({ kind: 'approval.answer', id: id as ApprovalQuestion['id'], outcome, ...(remember ? { remember } : {}) })
  }

  async answerQuestion(id: string, answer: AskUserQuestionAnswer): Promise<void> {
    this.userQuestions = this.userQuestions.filter((q) => q.id !== id)
    this.agent.host.requestUpdate()
    await this.agent.call({ kind: 'question.answer', id: id as UserQuestionPrompt['id'], answer })
  }

  /** The oldest pending question of the open session. */
  get pendingQuestion(): UserQuestionPrompt | undefined {
    return this.userQuestions.find((q) => q.sessionId === undefined || q.sessionId === this.agent.sessionId)
  }

  /** Reads the open session's allow rules again (after open, and when the log adds or revokes one). */
  async refreshRules(): Promise<void> {
    const sessionId = this.agent.sessionId
    const rules = sessionId && !this.agent.readOnly ? await this.agent.call({ kind: 'approval.rules', sessionId }) : []
    if (sessionId !== this.agent.sessionId) return // another session opened meanwhile
    this.rules = rules ?? []
    this.agent.host.requestUpdate()
  }

  async revokeRule(ruleId: string): Promise<void> {
    if (this.agent.sessionId) await this.agent.call({ kind: 'approval.revoke', sessionId: this.agent.sessionId, ruleId })
    await this.refreshRules()
  }

  notice(notice: HostNotice): void {
    switch (notice.kind) {
      case 'approval.requested': this.questions = [...this.questions, notice.question]; return
      case 'approval.withdrawn': this.questions = this.questions.filter((q) => q.id !== notice.id); return
      case 'question.requested': this.userQuestions = [...this.userQuestions, notice.prompt]; return
      case 'question.settled': this.userQuestions = this.userQuestions.filter((q) => q.id !== notice.id); return
      case 'session.events':
        if (notice.sessionId !== this.agent.sessionId) return
        if (notice.events.some((w) => w.event.type === 'approval/rule' || w.event.type === 'approval/rule-revoked')) void this.refreshRules()
    }
  }
}
