/**
 * What `<dsh-agent>` shows beside or above the conversation: the side panel (the session list, or
 * the provider and MCP settings — loaded when first shown, see lazy-parts.ts) and the question
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
}

export function renderSidePanel(p: SidePanelInput, s: Strings): TemplateResult {
  const { panel, lang, sessions, settings } = p
  return html`<div part="panel" class="panel" role="group" aria-label=${panel === 'sessions' ? s.sessions : s.settings} ?hidden=${panel === 'none'} @dsh-session-action=${p.onSessionAction}
      @dsh-settings-change=${(e: CustomEvent<DshSettingsChangeDetail>) => p.onSettings(e.detail)}>
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
