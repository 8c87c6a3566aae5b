/**
 * The plain words a reader sees when a site's gateway refuses a turn: a limit reached, with when
 * they can ask again (the reset time from the failure, in their language and time zone), or the
 * site not allowing this page. Plane: main; pure. Anything else returns undefined.
 * @module components/dsh-transcript/gateway-notice
 */
import type { Strings } from '../i18n/strings.ts'

const DAY = 86_400_000

/** `resetsAt` as the reader's time of day, with the date when it is not within the next day. */
export function resetText(resetsAt: string, lang: string, now: number): string | undefined {
  const at = Date.parse(resetsAt)
  if (Number.isNaN(at)) return undefined
  const locale = lang === 'zh' ? 'zh-CN' : 'en'
  return new Date(at).toLocaleString(locale, at - now < DAY ? { hour: '2-digit', minute: '2-digit' } : { dateStyle: 'medium', timeStyle: 'short' })
}

export function gatewayNotice(failure: { readonly code: string; readonly detail?: string }, s: Strings, lang: string, now = Date.now()): string | undefined {
  if (failure.code === 'ORIGIN_NOT_ALLOWED') return s.originNotAllowed
  if (failure.code !== 'GATEWAY_LIMIT') return undefined
  const when = failure.detail ? resetText(failure.detail, lang, now) : undefined
  return when ? `${s.gatewayLimit} ${when}.` : s.gatewayLimitSoon
}
