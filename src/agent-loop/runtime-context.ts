/**
 * Runtime-context projection (dsh contracts §6.4): renders the prompt's dynamic contexts into a
 * user-role snapshot and proposes it only when it differs from the last one on the surface.
 * Plane: worker; reads the log, never appends. Contract: state is derived from the log alone.
 * @module agent-loop/runtime-context
 */
import { createUserMessage } from '../llm/messages.ts'
import type { UserMessage } from '../llm/types.ts'
import { joinContextSections } from '../prompt/render.ts'
import type { PromptAssembly } from '../prompt/types.ts'
import type { Session } from '../session/session.ts'
import type { SessionEvent } from '../session/types.ts'

/** The plugin id owning snapshot messages (dsh's, so logs stay interchangeable). */
export const RUNTIME_CONTEXT_PLUGIN = '@deepseek-ai/dsh-system-prompt'
/** Sent once contexts existed and all of them went away. */
export const NO_RUNTIME_CONTEXT = 'There is no current runtime context; disregard any earlier runtime context.'

interface Retained {
  /** Surface scan position (log index) and generation the state was computed at. */
  scanned: number
  generation: number
  text: string | undefined
}

const retained = new WeakMap<Session, Retained>()

function ownedText(event: SessionEvent): string | undefined {
  if (event.type !== 'user/message') return undefined
  const source = event.data.source
  if (source.kind !== 'plugin' || source.plugin !== RUNTIME_CONTEXT_PLUGIN) return undefined
  const block = event.data.content[0]
  return block?.type === 'text' ? block.text : ''
}

/** The text of the last owned snapshot on the surface (incremental; a replace rescans once). */
export function retainedSnapshot(session: Session): string | undefined {
  const surface = session.surface
  let state = retained.get(session)
  if (!state || state.generation !== surface.replaceGeneration) {
    state = { scanned: session.events.length, generation: surface.replaceGeneration, text: undefined }
    for (let i = surface.nodes.length - 1; i >= 0 && state.text === undefined; i--) state.text = ownedText(session.events[surface.nodes[i]!]!)
    retained.set(session, state)
    return state.text
  }
  const events = session.events
  for (let i = state.scanned; i < events.length; i++) {
    const event = events[i]!
    if (event.type === 'user/message' && event.surfaceOp === 'append') state.text = ownedText(event) ?? state.text
  }
  state.scanned = events.length
  return state.text
}

/**
 * The snapshot message to enter this step, or undefined when the model already has it.
 * Empty contexts give nothing until a snapshot existed, then the fixed "no runtime context".
 */
export function projectRuntimeContext(session: Session, assembly: PromptAssembly): UserMessage | undefined {
  const previous = retainedSnapshot(session)
  const joined = joinContextSections(assembly.contexts, assembly.variables)
  const text = joined === '' && previous !== undefined ? NO_RUNTIME_CONTEXT : joined
  if (text === '' || text === previous) return undefined
  const sections = assembly.contexts.filter((context) => context.text.trim() !== '').map((context) => context.name)
  return createUserMessage(text, { kind: 'plugin', plugin: RUNTIME_CONTEXT_PLUGIN, form: 'snapshot', sections })
}
