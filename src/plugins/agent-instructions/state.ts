/**
 * What the model currently knows about instruction files, read back from the log: the visible
 * baseline (its identity and the files it left out for budget) and every later change, folded over
 * the surface. Plane: shared; pure. Contract: the typed `agent-instructions` source is the only
 * state — model-visible text carries no hidden markers, so a resumed session rebuilds it exactly.
 * @module plugins/agent-instructions/state
 */
import { createUserMessage } from '../../llm/messages.ts'
import type { UserMessage } from '../../llm/types.ts'
import type { Session } from '../../session/session.ts'
import type { InstructionChange } from './render.ts'

export const PLUGIN = 'agent-instructions'

export interface KnownInstructions {
  /** Whether a baseline is on the surface. */
  baseline: boolean
  baselineIdentity?: string
  /** Files the visible baseline left out for budget (not re-offered as additions). */
  omitted: Set<string>
  /** displayPath → {scope, digest} of every file the model currently has. */
  files: Map<string, { scope: string; digest: string }>
}

function changesOf(source: Record<string, unknown>): InstructionChange[] {
  const changes = source.changes
  if (!Array.isArray(changes)) return []
  return changes.filter((c): c is InstructionChange => typeof c === 'object' && c !== null && typeof (c as InstructionChange).path === 'string'
    && typeof (c as InstructionChange).scope === 'string' && ['set', 'replace', 'remove'].includes((c as InstructionChange).action))
}

/** Folds the visible `agent-instructions` messages of `session` in order. */
export function knownInstructions(session: Session): KnownInstructions {
  const known: KnownInstructions = { baseline: false, omitted: new Set(), files: new Map() }
  const events = session.events
  for (const seq of session.surface.nodes) {
    const event = events[seq]
    if (event?.type !== 'user/message') continue
    const source = (event.data as UserMessage).source
    if (source.kind !== 'plugin' || source.plugin !== PLUGIN) continue
    if (source.baseline === true) {
      known.baseline = true
      known.files.clear()
      known.omitted = new Set(Array.isArray(source.omitted) ? source.omitted.filter((p): p is string => typeof p === 'string') : [])
      if (typeof source.baselineIdentity === 'string') known.baselineIdentity = source.baselineIdentity
    }
    for (const change of changesOf(source)) {
      if (change.action === 'remove') known.files.delete(change.path)
      else if (change.digest !== undefined) known.files.set(change.path, { scope: change.scope, digest: change.digest })
      known.omitted.delete(change.path)
    }
  }
  return known
}

export interface InstructionMessage {
  text: string
  changes: InstructionChange[]
  baseline?: { identity: string; omitted: string[] }
}

export function instructionMessage({ text, changes, baseline }: InstructionMessage): UserMessage {
  const source = {
    kind: 'plugin' as const, plugin: PLUGIN, form: 'instructions' as const,
    ...(baseline ? { baseline: true, baselineIdentity: baseline.identity, omitted: baseline.omitted } : {}),
    changes: changes.map((c) => ({ ...c })),
  }
  return createUserMessage(text, source)
}
