/**
 * Words of the session list: a row's name (its title; a fork is named after its source, numbered
 * when one source has several forks), its relative date, and the storage line's byte sizes.
 * Plane: main. Pure: the clock and the language are arguments.
 * @module components/dsh-session-list/session-labels
 */
import type { SessionSummary } from '../../src/protocol/index.ts'
import type { ShellStrings } from '../i18n/shell-strings.ts'

const locale = (lang: string): string => (lang === 'zh' ? 'zh-CN' : 'en')

export interface SessionLabel { name: string; fork?: { source: string } }

/** The name of every listed session, by id. */
export function sessionLabels(sessions: readonly SessionSummary[], s: ShellStrings): Map<string, SessionLabel> {
  const byId = new Map(sessions.map((x) => [x.id as string, x]))
  const own = (x: SessionSummary | undefined): string => x?.title ?? s.untitled
  const forkCount = new Map<string, number>()
  const labels = new Map<string, SessionLabel>()
  for (const x of [...sessions].sort((a, b) => a.createdAt - b.createdAt)) {
    if (!x.parentSession) {
      labels.set(x.id, { name: own(x) })
      continue
    }
    const parent = byId.get(x.parentSession)
    const source = labels.get(x.parentSession)?.name ?? own(parent)
    const n = (forkCount.get(x.parentSession) ?? 0) + 1
    forkCount.set(x.parentSession, n)
    labels.set(x.id, { name: `${s.forkOf} “${source}”${n > 1 ? ` (${n})` : ''}`, fork: { source } })
  }
  return labels
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [['second', 60], ['minute', 60], ['hour', 24], ['day', 7]]

/** "now" (within a minute), "5 minutes ago", "yesterday"; after a week, the date. */
export function relativeDate(time: number, now: number, lang: string): string {
  if (!time) return ''
  let value = Math.abs(time - now) < 60_000 ? 0 : (time - now) / 1000
  const format = new Intl.RelativeTimeFormat(locale(lang), { numeric: 'auto' })
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit)
    value /= size
  }
  return new Date(time).toLocaleDateString(locale(lang), { year: 'numeric', month: 'short', day: 'numeric' })
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const

/** `512 B`, `12 KB`, `1.5 MB`, `10 GB` (binary steps, one decimal below 10). */
export function formatBytes(n: number, lang: string): string {
  let value = Math.max(0, n)
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit++
  }
  return new Intl.NumberFormat(locale(lang), { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0 }).format(value)
}
