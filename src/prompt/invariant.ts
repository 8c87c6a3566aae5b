/**
 * No relational check applies here: the system prompt keeps no durable state of its own; what the
 * model saw is the logged `request/header`, which the agent-loop invariant compares with each request.
 * @module prompt/invariant
 */
export {}
