/**
 * User-questions vocabulary (dsh interaction/user-questions): questions, options, answers and
 * the provider SPI. Plane: shared; types only (the page imports these for its question card).
 * @module user-questions/types
 */
import type { Agent } from '../agent-loop/types.ts'
import type { CallId } from '../util/brand.ts'

/** One selectable answer offered to the user. */
export interface AskUserQuestionOption {
  label: string
  description?: string
}

/** One question of a request; `id` is echoed in the answer. */
export interface AskUserQuestionItem {
  id: string
  question: string
  header?: string
  options?: AskUserQuestionOption[]
  /** More than one option may be selected (default single-select). */
  multiSelect?: boolean
}

/** The answer to one question: option labels, plus free text ("Other"). */
export interface AskUserQuestionAnswerItem {
  id: string
  selected: string[]
  custom?: string
}

export interface AskUserQuestionAnswer {
  answers: AskUserQuestionAnswerItem[]
}

export interface AskUserQuestionRequest {
  questions: AskUserQuestionItem[]
  /** The exact live calling agent, when a tool call asks. */
  agent?: Agent
  /** The asking tool call, so a UI can place the question beside it. */
  callId?: CallId
  signal?: AbortSignal
}

/** What an answerer returns: the human's answer, or `unavailable` (nobody can answer; fail closed). */
export type UserQuestionOutcome = AskUserQuestionAnswer | 'unavailable'

/** The UI side (the page bridge, or the headless `userQuestions.answer` option). */
export interface UserQuestionProvider {
  ask(request: AskUserQuestionRequest): Promise<UserQuestionOutcome>
}
