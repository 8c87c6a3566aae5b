/**
 * What `<dsh-agent>` shows beside or above the conversation: the side panel (the session list, or
 * the provider and MCP settings — loaded when first shown, see lazy-parts.ts — with its close button
 * and a line when a reply arrived while it was open) and the question
 * card of the agent's oldest pending `ask_user_question`, above the composer. Plane: main.
 * @module components/dsh-agent/side-panel
 */
import { html, nothing, type TemplateResult } from 'lit'
import type { McpServerSetting, UserQuestionPrompt } from '../../src/protocol/index.ts'
import type { AskUserQuestionAnswer } from '../../src/user-questions/types.ts'
import type { ApprovalsController } from '../controllers/approvals-controller.ts'
import type { Persistence } from '../controllers/page-lifecycle.ts'
import type { SessionsController } from '../controllers/sessions-controller.ts'
import type { SettingsController } from '../controllers/settings-controller.ts'
import type { DshMcpChangeDetail, DshSessionActionDetail, DshSettingsChangeDetail } from '../events/index.ts'
import type { Strings } from '../i18n/strings.ts'
import type { ShellStrings } from '../i18n/shell-strings.ts'

export interface SidePanelInput {
  panel: 'none' | 'sessions' | 'settings'
  lang: string
  current: string
  sessions: SessionsController
  settings: SettingsController
  approvals: ApprovalsController
  persistence: Persistence | undefined
  searcher: SessionsController['search']
  provider: string
  baseUrl: string
  model: string
  mcpServers: McpServerSetting[]
  onSessionAction(event: CustomEvent<DshSessionActionDetail>): void
  onSettings(detail: DshSettingsChangeDetail): void
  onMcp(detail: DshMcpChangeDetail): void
  /** A turn ended while the panel was open (it may cover the conversation). */
  replyUnseen: boolean
  close(): void
}

export function renderSidePanel(p: SidePanelInput, s: Strings, sh: ShellStrings): TemplateResult {
  const { panel, lang, sessions, settings } = p
  return html`<div part="panel" class="panel" role="group" aria-label=${panel === 'sessions' ? s.sessions : s.settings} ?hidden=${panel === 'none'} @dsh-session-action=${p.onSessionAction}
      @dsh-settings-change=${(e: CustomEvent<DshSettingsChangeDetail>) => p.onSettings(e.detail)}>
      <div class="panel-bar">
        ${p.replyUnseen ? html`<p part="reply-notice" class="reply-notice" role="status">${sh.replyArrived}
          <button type="button" part="show-reply-button" @click=${p.close}>${sh.showReply}</button></p>` : nothing}
        <button type="button" part="panel-close-button" class="icon" aria-label=${sh.closePanel} title=${sh.closePanel} @click=${p.close}>✕</button>
      </div>
      ${panel === 'sessions' ? html`<dsh-session-list exportparts="session-list, session, storage-state, search-input, search-hit" lang=${lang} current=${p.current} .sessions=${sessions.list} .storage=${sessions.storage} .persistence=${p.persistence} .searcher=${p.searcher}></dsh-session-list>` : nothing}
      ${panel === 'settings' ? html`<dsh-settings exportparts="settings" lang=${lang} provider=${p.provider} base-url=${p.baseUrl} model=${p.model} .keyState=${settings.keyState} .rules=${p.approvals.rules}></dsh-settings>
        <dsh-mcp-settings exportparts="mcp-settings" lang=${lang} .servers=${p.mcpServers} .tokens=${settings.mcpTokens} @dsh-mcp-change=${(e: CustomEvent<DshMcpChangeDetail>) => p.onMcp(e.detail)}></dsh-mcp-settings>` : nothing}
    </div>`
}

/** The oldest pending question of the open session, inline above the composer. */
export function renderQuestionCard(prompt: UserQuestionPrompt | undefined, lang: string, approvals: ApprovalsController): TemplateResult | typeof nothing {
  return prompt ? html`<dsh-question-card exportparts="question-card, question-title, question, option-chip, other-input, submit-button" lang=${lang} .prompt=${prompt}
    @dsh-question-answer=${(e: CustomEvent<{ id: string; answer: AskUserQuestionAnswer }>) => approvals.answerQuestion(e.detail.id, e.detail.answer)}></dsh-question-card>` : nothing
}
