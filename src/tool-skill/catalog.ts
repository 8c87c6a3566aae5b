/**
 * dsh's durable skill catalog (skill/tool-skill): the `<available_skills>` message texts, the
 * `skill-catalog` source recording exactly the published entries, and the catalog history read
 * back from the log. Plane: worker/shared; pure. Contract: identity is the entry list (name and
 * normalized description), never the prose; unreadable catalog records are skipped.
 * @module tool-skill/catalog
 */
import { createUserMessage } from '../llm/messages.ts'
import type { UserMessage } from '../llm/types.ts'
import type { Session } from '../session/session.ts'
import { escapeText } from '../skills/render.ts'
import type { SkillSummary } from '../skills/types.ts'

export const CATALOG_PLUGIN = 'skill-catalog'
export type CatalogEntry = { name: string; description: string }

const USER_INVOKE = 'A user may also invoke a skill directly; its <skill_content> block then appears in this conversation. Follow it, and do not call the `skill` tool again for that skill.'

/** Whitespace-collapsed and capped exactly as the catalog publishes it. */
export function catalogDescription(value: string, maxLength: number): string {
  const normalized = value.replaceAll(/\s+/g, ' ').trim()
  return normalized.length <= maxLength ? normalized : `${normalized.slice(0, maxLength - 3)}...`
}

export function catalogEntries(skills: readonly SkillSummary[], maxLength: number): CatalogEntry[] {
  return skills.map((s) => ({ name: s.name, description: catalogDescription(s.description, maxLength) }))
}

/** The canonical text a catalog's identity is taken over (one JSON pair per entry). */
export function catalogIdentity(entries: readonly CatalogEntry[]): string {
  return entries.map((e) => JSON.stringify([e.name, e.description])).join('\n')
}

const lines = (entries: readonly CatalogEntry[]) => entries.map((e) => `- \`${e.name}\`: ${escapeText(e.description)}`)

export function catalogMessage(entries: CatalogEntry[]): UserMessage {
  const text = [
    '<system-reminder>',
    'A skill is a reusable set of task-specific instructions. The following skills are available in this session:',
    '',
    '<available_skills>',
    ...lines(entries),
    '</available_skills>',
    '',
    "If the user names a skill, or the task clearly matches a skill's description, call the `skill` tool with the exact skill name before taking task actions. Load all applicable skills, then follow their full instructions. This catalog contains summaries only; do not infer or follow a skill's instructions until it has been loaded.",
    USER_INVOKE,
    '</system-reminder>',
  ].join('\n')
  return createUserMessage(text, { kind: 'plugin', plugin: CATALOG_PLUGIN, form: 'catalog', entries })
}

export function catalogUpdateMessage(entries: CatalogEntry[]): UserMessage {
  const availability = entries.length === 0
    ? ['No skills are currently available through the `skill` tool. Do not use names from earlier skill catalogs.',
      'A user may still invoke a skill directly; its <skill_content> block then appears in this conversation. Follow it, and do not call the `skill` tool for it.']
    : ['Use only names in this replacement catalog. If the user names a listed skill, or the task clearly matches its description, call the `skill` tool with the exact name before acting.', USER_INVOKE]
  const text = [
    '<system-reminder>',
    'The available skill catalog changed. This complete catalog replaces every earlier available-skills list in this session:',
    '',
    '<available_skills>',
    ...lines(entries),
    '</available_skills>',
    '',
    ...availability,
    '</system-reminder>',
  ].join('\n')
  return createUserMessage(text, { kind: 'plugin', plugin: CATALOG_PLUGIN, form: 'catalog', update: true, entries })
}

/** The entries a catalog message recorded, or `undefined` when it is not a readable catalog. */
export function readEntries(message: UserMessage): CatalogEntry[] | undefined {
  const source = message.source
  if (source.kind !== 'plugin' || source.plugin !== CATALOG_PLUGIN || !Array.isArray(source.entries)) return undefined
  const out: CatalogEntry[] = []
  for (const entry of source.entries) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined
    const { name, description } = entry as Record<string, unknown>
    if (typeof name !== 'string' || name === '' || typeof description !== 'string') return undefined
    out.push({ name, description })
  }
  return out
}

/** The newest catalog still visible to the model (its identity), and whether any was ever published. */
export function catalogHistory(session: Session): { visible?: string; published: boolean } {
  const events = session.events
  let published = false
  let visibleNodes: Set<number> | undefined
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!
    if (event.type !== 'user/message') continue
    const entries = readEntries(event.data as UserMessage)
    if (!entries) continue
    published = true
    visibleNodes ??= new Set(session.surface.nodes)
    if (visibleNodes.has(event.seq)) return { visible: catalogIdentity(entries), published }
  }
  return { published }
}
