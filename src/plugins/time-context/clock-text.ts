/**
 * How a time reading reads (dsh's time-context): an ISO-shaped local timestamp with its numeric
 * offset and IANA zone (`2026-07-15T09:01:01+08:00[Asia/Shanghai]`) and compact whole-second
 * durations (`1d 1h 1m 1s`). Plane: worker; pure.
 * @module plugins/time-context/clock-text
 */

/** A formatter for `timeZone` (the runtime's own zone when absent). @throws RangeError for a zone Intl does not know. */
export function zoneFormatter(timeZone?: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    ...(timeZone === undefined ? {} : { timeZone }),
    year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  })
}

const pad = (value: number): string => String(value).padStart(2, '0')

/** `epochMs` as local time in the formatter's zone, its offset and the zone's name. */
export function zonedTimestamp(epochMs: number, formatter: Intl.DateTimeFormat): string {
  const parts = Object.fromEntries(formatter.formatToParts(new Date(epochMs)).map((part) => [part.type, part.value]))
  const [year, month, day, hour, minute, second] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((type) => Number(parts[type]))
  const wholeSecond = Math.floor(epochMs / 1000) * 1000
  const offsetMinutes = Math.round((Date.UTC(year!, month! - 1, day!, hour!, minute!, second!) - wholeSecond) / 60_000)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`
  return `${year}-${pad(month!)}-${pad(day!)}T${pad(hour!)}:${pad(minute!)}:${pad(second!)}${offset}[${formatter.resolvedOptions().timeZone}]`
}

/** A non-negative duration in whole seconds, zero units left out: `1d 1h 1m 1s`, `2h 5s`, `0s` (negative clamps to zero). */
export function compactDuration(elapsedMs: number): string {
  let seconds = Math.floor(Math.max(0, elapsedMs) / 1000)
  const units: [string, number][] = [['d', 86_400], ['h', 3600], ['m', 60]]
  const parts: string[] = []
  for (const [unit, size] of units) {
    const count = Math.floor(seconds / size)
    seconds %= size
    if (count > 0) parts.push(`${count}${unit}`)
  }
  return [...parts, `${seconds}s`].join(' ')
}
