/**
 * Checks a request's questions (ids unique and non-empty, options well formed) and an
 * answerer's reply against them. Plane: shared; pure. Contract: a reply that names an unknown
 * question or an option the question did not offer is malformed — the service treats it as
 * `unavailable` (fail closed), never as a partial answer.
 * @module user-questions/validate
 */
import { UserQuestionError } from './errors.ts'
import type { AskUserQuestionAnswer, AskUserQuestionItem } from './types.ts'

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** @throws UserQuestionError EMPTY_QUESTIONS | BAD_QUESTIONS */
export function checkQuestions(questions: readonly AskUserQuestionItem[]): void {
  if (questions.length === 0) throw new UserQuestionError('EMPTY_QUESTIONS', 'ask_user_question requires at least one question')
  const ids = new Set<string>()
  for (const q of questions) {
    if (q.id.trim() === '' || q.question.trim() === '') throw new UserQuestionError('BAD_QUESTIONS', 'each question needs a non-empty id and question text')
    if (ids.has(q.id)) throw new UserQuestionError('BAD_QUESTIONS', `question id ${JSON.stringify(q.id)} is used twice; ids must be unique`)
    ids.add(q.id)
    const labels = new Set<string>()
    for (const option of q.options ?? []) {
      if (option.label.trim() === '') throw new UserQuestionError('BAD_QUESTIONS', `question ${JSON.stringify(q.id)} has an option with an empty label`)
      if (labels.has(option.label)) throw new UserQuestionError('BAD_QUESTIONS', `question ${JSON.stringify(q.id)} offers the option ${JSON.stringify(option.label)} twice`)
      labels.add(option.label)
    }
  }
}

/**
 * The reply as a canonical answer (one entry per answered question, in the reply's order), or
 * `undefined` when it is malformed for these questions.
 */
export function canonicalAnswer(questions: readonly AskUserQuestionItem[], reply: unknown): AskUserQuestionAnswer | undefined {
  if (!isRecord(reply) || !Array.isArray(reply.answers)) return undefined
  const byId = new Map(questions.map((q) => [q.id, q]))
  const seen = new Set<string>()
  const answers: AskUserQuestionAnswer['answers'] = []
  for (const item of reply.answers as unknown[]) {
    if (!isRecord(item) || typeof item.id !== 'string' || !Array.isArray(item.selected)) return undefined
    const question = byId.get(item.id)
    if (!question || seen.has(item.id)) return undefined
    seen.add(item.id)
    const offered = new Set((question.options ?? []).map((o) => o.label))
    const selected = item.selected as unknown[]
    if (!selected.every((label) => typeof label === 'string' && offered.has(label))) return undefined
    if (new Set(selected).size !== selected.length || (!question.multiSelect && selected.length > 1)) return undefined
    if (item.custom !== undefined && typeof item.custom !== 'string') return undefined
    const custom = typeof item.custom === 'string' && item.custom.trim() !== '' ? item.custom : undefined
    // Single-select: free text overrides the choice (dsh), so `selected` is then empty.
    const kept = custom !== undefined && !question.multiSelect ? [] : [...(selected as string[])]
    answers.push({ id: item.id, selected: kept, ...(custom === undefined ? {} : { custom }) })
  }
  return answers.length === 0 ? undefined : { answers }
}
