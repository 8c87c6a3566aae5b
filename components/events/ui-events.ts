/**
 * Internal intent events between the agent's parts (composer, transcript, list, settings) and
 * `<dsh-agent>`; all bubble and are composed. Plane: main.
 * @module components/events/ui-events
 */
export interface DshSubmitDetail { text: string }
/** `remember` (with `allowed-once`): "Allow for this session". */
export interface DshApprovalDecideDetail { id: string; outcome: 'allowed-once' | 'rejected'; remember?: boolean }
export interface DshQuestionAnswerDetail { id: string; answer: { answers: { id: string; selected: string[]; custom?: string }[] } }
export type DshSessionActionDetail =
  /** `seq`: a search match — open the session scrolled to the turn holding that event. */
  | { action: 'open'; sessionId: string; seq?: number }
  | { action: 'new' }
  | { action: 'fork'; sessionId: string; boundarySeq: number }
  | { action: 'delete'; sessionId: string }
  | { action: 'export'; sessionId: string }
  /** The file's text, or its bytes (the session list sends bytes: UTF-8 JSONL or dsh's default zstd-compressed `session.jsonl.zstd`). */
  | { action: 'import'; jsonl: string | Uint8Array }
export type DshSettingsChangeDetail =
  | { action: 'provider'; provider: 'openai-compatible' | 'scripted' | 'replay' | 'gateway'; baseURL: string; model: string }
  | { action: 'key'; apiKey: string | null; remember: boolean }
  | { action: 'delete-all' }
  | { action: 'revoke-rule'; ruleId: string }
/** The reader reached the top of a long transcript whose older turns are not loaded yet. */
export interface DshHistoryRequestDetail { sessionId: string }
/** The MCP servers section of the settings: add (with an optional bearer token), remove, set or clear a token. */
export type DshMcpChangeDetail =
  | { action: 'add'; name: string; url: string; token: string | null; remember: boolean }
  | { action: 'remove'; name: string; url: string }
  | { action: 'token'; url: string; token: string | null; remember: boolean }
