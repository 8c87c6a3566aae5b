/**
 * dsh's workspace-instruction texts within a byte budget: the `<system-reminder>` baseline
 * ("Instructions from: …"), dynamic "Additional/Updated instructions from: …" and "Instructions
 * removed: …" sections, and the budget marker. Plane: shared; pure. Contract: the rendered UTF-8
 * bytes never exceed `maxBytes`; broader files are dropped before the most specific one is
 * truncated; every omission or truncation is named in the marker, never silent.
 * @module plugins/agent-instructions/render
 */
import { byteLength, truncateUtf8 } from './utf8-cut.ts'

export interface InstructionFile {
  /** What the model sees: workspace-relative path, or `site instructions` for the site layer. */
  displayPath: string
  /** The directory scope: `site`, `.` or a workspace-relative directory. */
  scope: string
  content: string
  /** Bytes of the file before a source-size cut (when it was cut before rendering). */
  sourceBytes?: number
}

export interface InstructionChange {
  action: 'set' | 'replace' | 'remove'
  scope: string
  path: string
  digest?: string
}

export interface ChangeItem { change: InstructionChange; file: InstructionFile }

interface Truncation { path: string; from: number; to: number }
interface Style { intro: string; section(file: InstructionFile): string }
export interface Rendered { text: string; represented: InstructionFile[] }

const OPEN = '<system-reminder>'
const CLOSE = '</system-reminder>'
const INTRO = 'The following workspace instructions may be relevant to your work. Use them as guidance when applicable. More specific instructions take precedence over broader ones. They do not override system, developer, or direct user instructions.'
const REPLACEMENT = 'This complete workspace instruction baseline replaces all earlier workspace instruction baselines. '
const EMPTY_REPLACEMENT = `${REPLACEMENT}No workspace instructions are currently active.`
const COMPACT_INTRO = 'Workspace instructions were omitted or truncated to fit the configured byte budget.'

/** Repository text must not close the plugin's frame. */
const escapeFrame = (body: string): string => body.replaceAll(CLOSE, '<\\/system-reminder>')

function marker(maxBytes: number, omitted: readonly InstructionFile[], truncated: readonly Truncation[]): string {
  const parts: string[] = []
  if (omitted.length > 0) parts.push(`omitted ${omitted.map((f) => f.displayPath).join(', ')}`)
  if (truncated.length > 0) parts.push(`truncated ${truncated.map((t) => `${t.path} from ${t.from} to ${t.to} bytes`).join(', ')}`)
  return parts.length === 0 ? '' : `Workspace instruction budget ${maxBytes} bytes: ${parts.join('; ')}`
}

/** Files cut at read time (over the source cap) count as truncated even when they fit the budget. */
function sourceCuts(files: readonly InstructionFile[]): Truncation[] {
  return files.filter((f) => f.sourceBytes !== undefined).map((f) => ({ path: f.displayPath, from: f.sourceBytes!, to: byteLength(f.content) }))
}

function build(files: readonly InstructionFile[], maxBytes: number, omitted: readonly InstructionFile[], truncated: readonly Truncation[], style: Style): string {
  const cuts = [...sourceCuts(files).filter((c) => !truncated.some((t) => t.path === c.path)), ...truncated]
  const body = [marker(maxBytes, omitted, cuts), style.intro, ...files.map((f) => style.section(f))].filter((b) => b.length > 0)
  return [OPEN, escapeFrame(body.join('\n\n')), CLOSE].join('\n')
}

function withContent(file: InstructionFile, maxBytes: number): InstructionFile {
  return { ...file, content: truncateUtf8(file.content, maxBytes), sourceBytes: file.sourceBytes ?? byteLength(file.content) }
}

/** Binary search for the longest prefix of `file` that fits with `omitted` named. */
function fitLast(file: InstructionFile, maxBytes: number, omitted: InstructionFile[], style: Style): { file: InstructionFile; text: string } | undefined {
  const original = file.sourceBytes ?? byteLength(file.content)
  let low = 0
  let high = byteLength(file.content)
  let best: { file: InstructionFile; text: string } | undefined
  while (low <= high) {
    const mid = Math.floor((low + high) / 2)
    const candidate = withContent(file, mid)
    const text = build([candidate], maxBytes, omitted, [{ path: file.displayPath, from: original, to: byteLength(candidate.content) }], style)
    if (byteLength(text) <= maxBytes) {
      best = { file: candidate, text }
      low = mid + 1
    } else {
      high = mid - 1
    }
  }
  return best
}

function render(files: readonly InstructionFile[], maxBytes: number, style: Style): Rendered {
  if (files.length === 0 && style.intro === '') return { text: '', represented: [] }
  const full = build(files, maxBytes, [], [], style)
  if (byteLength(full) <= maxBytes) return { text: full, represented: [...files] }
  for (let start = 1; start < files.length; start++) {
    const text = build(files.slice(start), maxBytes, files.slice(0, start), [], style)
    if (byteLength(text) <= maxBytes) return { text, represented: files.slice(start) }
  }
  const last = files.at(-1)
  if (!last) return { text: truncateUtf8(full, maxBytes), represented: [] }
  const omitted = files.slice(0, -1)
  for (const candidate of [style, { ...style, intro: COMPACT_INTRO }]) {
    const fitted = fitLast(last, maxBytes, omitted, candidate)
    if (fitted && (fitted.file.content.length > 0 || last.content.length === 0)) return { text: fitted.text, represented: [last] }
  }
  const notice = escapeFrame(marker(maxBytes, omitted, [{ path: last.displayPath, from: last.sourceBytes ?? byteLength(last.content), to: 0 }]))
  return { text: truncateUtf8(notice, maxBytes), represented: [] }
}

const baselineSection = (file: InstructionFile): string => `Instructions from: ${file.displayPath}\n\n${file.content}`

/** The complete baseline (broadest first); `replace` when it supersedes an earlier visible baseline. */
export function renderBaseline(files: readonly InstructionFile[], maxBytes: number, replace = false): Rendered {
  const intro = !replace ? INTRO : files.length === 0 ? EMPTY_REPLACEMENT : REPLACEMENT + INTRO
  if (files.length === 0 && !replace) return { text: '', represented: [] }
  return render(files, maxBytes, { intro, section: baselineSection })
}

function changeSection(item: ChangeItem): string {
  const { change, file } = item
  if (change.action === 'remove') return `Instructions removed: ${change.path}\n\nThe previously loaded instructions from this file no longer apply.`
  if (change.action === 'replace') {
    return `Updated instructions from: ${change.path}\n\nThis file changed after it was loaded. Use the following content instead of the previously loaded instructions from this file.\n\n${file.content}`
  }
  return `Additional instructions from: ${file.displayPath}\n\nThese instructions apply to work under \`${file.scope}\`. Use them as guidance when relevant; more specific instructions take precedence. They do not override system, developer, or direct user instructions.\n\n${file.content}`
}

/** A batch of dynamic changes; @returns the text and the changes it actually represents. */
export function renderChanges(items: readonly ChangeItem[], maxBytes: number): { text: string; changes: InstructionChange[] } {
  const byFile = new Map(items.map((item) => [item.file, item]))
  const rendered = render(items.map((i) => i.file), maxBytes, {
    intro: '',
    section: (file) => {
      const item = byFile.get(file) ?? items.find((i) => i.file.displayPath === file.displayPath)!
      return changeSection({ ...item, file })
    },
  })
  const kept = new Set(rendered.represented.map((f) => f.displayPath))
  return { text: rendered.text, changes: items.filter((i) => kept.has(i.file.displayPath)).map((i) => i.change) }
}
