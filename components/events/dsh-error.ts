/**
 * `dsh-error`: something the host page should know failed (worker start, protocol, storage,
 * a command). `code` is stable; `message` never contains the API key. Plane: main.
 * @module components/events/dsh-error
 */
export interface DshErrorDetail { code: string; message: string }
export type DshErrorEvent = CustomEvent<DshErrorDetail>
