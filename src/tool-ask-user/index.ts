/**
 * The ask-user tool plugin: registers `ask_user_question` over `ctx.userQuestions`.
 * Plane: worker. Contract: README.md (dsh interaction/tool-ask-user).
 * @module tool-ask-user/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type {} from '../user-questions/service.ts'
import { askUserQuestionTool } from './ask-tool.ts'

export const name = 'tool-ask-user'
export const inject = ['tools', 'userQuestions']

export function apply(ctx: Context): void {
  ctx.tools.register(askUserQuestionTool(ctx))
}
