// dsh's own session package (`@deepseek-ai/dsh-session`, a devDependency) as the reference for
// facts a spec checks against: its known event types and its chunk-row packer. Loaded by a
// non-literal specifier so its Cordis type augmentations stay out of this project's typecheck.
const PEER: string = '@deepseek-ai/dsh-session'

export interface DshSessionPeer {
  readonly KNOWN_SESSION_EVENT_TYPES: ReadonlySet<string>
  /** dsh's storage packer: runs of ≥ 3 delta chunks become `text-chunks`/… rows. */
  packChunkRuns(events: readonly unknown[]): Record<string, unknown>[]
}

export function dshSession(): Promise<DshSessionPeer> {
  return import(PEER) as Promise<DshSessionPeer>
}
