/**
 * The user-questions failure taxonomy: every way asking can fail closed, each with a stable code
 * and a sentence the model can act on. Plane: worker/shared; pure.
 * @module user-questions/errors
 */
export type UserQuestionErrorCode =
  | 'EMPTY_QUESTIONS' | 'BAD_QUESTIONS' | 'NO_PROVIDER' | 'DUPLICATE_PROVIDER' | 'ASK_ABORTED'
  | 'CALLER_NOT_LIVE' | 'DELEGATED_CALLER' | 'QUESTION_UNAVAILABLE'

export class UserQuestionError extends Error {
  override readonly name = 'UserQuestionError'
  constructor(readonly code: UserQuestionErrorCode, message: string) {
    super(message)
  }
}

export const askAborted = (): UserQuestionError =>
  new UserQuestionError('ASK_ABORTED', 'ask_user_question was aborted before the user answered')

export const questionUnavailable = (): UserQuestionError =>
  new UserQuestionError('QUESTION_UNAVAILABLE', 'no one can answer right now (no page is attached, or it went away); continue without the answer and say in your reply what you need to know')
