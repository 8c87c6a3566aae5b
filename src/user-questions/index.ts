/**
 * The user-questions seam: `ctx.userQuestions` (UserQuestionService, default export) and its
 * vocabulary. Plane: worker. Contract: README.md (dsh interaction/user-questions).
 * @module user-questions/index
 */
export { UserQuestionService as default, UserQuestionService } from './service.ts'
export { UserQuestionError, type UserQuestionErrorCode } from './errors.ts'
export type * from './types.ts'
