/**
 * Branded id types: strings that cannot be mixed up across a boundary.
 * Plane: shared (worker, page, Node); no globals read at import time.
 * @module util/brand
 */
export type Brand<T, B extends string> = T & { readonly __brand: B }

export type SessionId = Brand<string, 'SessionId'>
export type MessageId = Brand<string, 'MessageId'>
export type CallId = Brand<string, 'CallId'>
export type ApprovalRequestId = Brand<string, 'ApprovalRequestId'>
export type QuestionRequestId = Brand<string, 'QuestionRequestId'>

/** A fresh random UUID (reads `crypto` lazily, so importing this module is side-effect free). */
export function newId<T extends string>(): T {
  return globalThis.crypto.randomUUID() as T
}
