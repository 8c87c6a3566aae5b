/**
 * The order and the title filter of the session list: most recent first (last write, else
 * creation), oldest first, or by title; the filter keeps sessions whose shown name contains every
 * word typed (case- and accent-insensitive). Plane: main; pure.
 * @module components/dsh-session-list/session-order
 */
import type { SessionSummary } from '../../src/protocol/index.ts'
import type { SessionLabel } from './session-labels.ts'

export type SessionSort = 'recent' | 'oldest' | 'title'
export const SESSION_SORTS: readonly SessionSort[] = ['recent', 'oldest', 'title']

const fold = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const recency = (s: SessionSummary): number => s.updatedAt ?? s.createdAt

export function orderSessions(sessions: readonly SessionSummary[], labels: ReadonlyMap<string, SessionLabel>, sort: SessionSort, query: string, lang: string): SessionSummary[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  const name = (s: SessionSummary): string => labels.get(s.id)?.name ?? ''
  const kept = words.length === 0 ? [...sessions] : sessions.filter((s) => { const n = fold(name(s)); return words.every((w) => n.includes(w)) })
  const collator = new Intl.Collator(lang === 'zh' ? 'zh-CN' : 'en', { sensitivity: 'base', numeric: true })
  if (sort === 'recent') return kept.sort((a, b) => recency(b) - recency(a))
  if (sort === 'oldest') return kept.sort((a, b) => a.createdAt - b.createdAt)
  return kept.sort((a, b) => collator.compare(name(a), name(b)) || recency(b) - recency(a))
}
