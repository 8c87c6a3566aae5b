/**
 * Composes what an entering step must add: a complete baseline when none is visible (or its
 * identity changed), else the changes since the model last saw each file — additions, updates and
 * removals in the directories that were touched (or, once per live agent, every known directory).
 * Plane: worker. Contract: unchanged digests add nothing; a removal is reported once.
 * @module plugins/agent-instructions/reconcile
 */
import type { FileSystem } from '../../fs/file-system.ts'
import { resolvePath } from '../../fs/path-policy.ts'
import type { UserMessage } from '../../llm/types.ts'
import { sha1Hex } from '../../util/digest.ts'
import type { EmptyScans } from './empty-scans.ts'
import { chain, loadDirectory, type Candidates } from './files.ts'
import type { ChangeItem, InstructionChange, InstructionFile } from './render.ts'
import { lazyPart } from '../../kernel/lazy-plugin.ts'
import { instructionMessage, type KnownInstructions } from './state.ts'

/**
 * The renderer (texts, byte budget, marker): loaded with the first instructions there are to render
 * (at mount with site instructions), or warmed after a first answer; a workspace without any never loads it.
 */
export const instructionRenderer = lazyPart('agent-instructions: render', () => import('./render.ts'))

export const SITE_PATH = 'site instructions'
export const SITE_SCOPE = 'site'

export interface ComposeInput {
  fs: FileSystem
  cwd: string
  candidates: Candidates
  maxBytes: number
  /** The site-wide layer (broadest), if any. */
  site: string | undefined
  identity: string
  known: KnownInstructions
  /** Absolute directories to re-check; `undefined` = only what a baseline needs. */
  dirs: ReadonlySet<string>
  signal?: AbortSignal
  /** The scans that found nothing since the workspace last changed (the baseline's scan goes through it). */
  scans: EmptyScans
}

const siteFile = (site: string | undefined): InstructionFile[] => (site === undefined || site.trim() === '' ? [] : [{ displayPath: SITE_PATH, scope: SITE_SCOPE, content: site }])

export async function composeBaseline(input: ComposeInput): Promise<UserMessage | undefined> {
  const files = [...siteFile(input.site), ...await input.scans.loadChain(input.fs, input.cwd, input.candidates, input.identity, input.signal)]
  const replace = input.known.baseline
  if (files.length === 0 && !replace) return undefined
  const rendered = (await instructionRenderer()).renderBaseline(files, input.maxBytes, replace)
  if (rendered.text === '') return undefined
  const kept = new Set(rendered.represented)
  const changes: InstructionChange[] = []
  for (const path of input.known.files.keys()) {
    if (!files.some((f) => f.displayPath === path)) changes.push({ action: 'remove', scope: input.known.files.get(path)!.scope, path })
  }
  for (const file of rendered.represented) changes.push({ action: 'set', scope: file.scope, path: file.displayPath, digest: await sha1Hex(file.content) })
  const omitted = files.filter((f) => !kept.has(f)).map((f) => f.displayPath)
  return instructionMessage({ text: rendered.text, changes, baseline: { identity: input.identity, omitted } })
}

/** Directory (absolute) of a known file's scope. */
const scopeDir = (fs: FileSystem, scope: string): string => resolvePath(fs.root, scope)

export async function composeChanges(input: ComposeInput): Promise<UserMessage | undefined> {
  const { fs, known } = input
  const dirs = new Set(input.dirs)
  for (const { scope } of known.files.values()) if (scope !== SITE_SCOPE) dirs.add(scopeDir(fs, scope))
  const items: ChangeItem[] = []
  const current = new Map<string, InstructionFile>()
  for (const dir of dirs) for (const file of await loadDirectory(fs, dir, input.candidates, input.signal)) current.set(file.displayPath, file)
  for (const file of siteFile(input.site)) current.set(file.displayPath, file)
  const checkedScopes = new Set([...dirs].map((d) => (d === fs.root ? '.' : d.slice(fs.root.length + 1))).concat(SITE_SCOPE))
  for (const [path, before] of known.files) {
    if (!checkedScopes.has(before.scope)) continue
    const file = current.get(path)
    if (!file) items.push({ change: { action: 'remove', scope: before.scope, path }, file: { displayPath: path, scope: before.scope, content: '' } })
    else {
      const digest = await sha1Hex(file.content)
      if (digest !== before.digest) items.push({ change: { action: 'replace', scope: file.scope, path, digest }, file })
    }
  }
  for (const [path, file] of current) {
    if (known.files.has(path) || known.omitted.has(path)) continue
    items.push({ change: { action: 'set', scope: file.scope, path, digest: await sha1Hex(file.content) }, file })
  }
  if (items.length === 0) return undefined
  const rendered = (await instructionRenderer()).renderChanges(items, input.maxBytes)
  return rendered.changes.length === 0 ? undefined : instructionMessage(rendered)
}

/** Directories from the root down to each touched directory (newly reached scopes included). */
export function touchedDirs(root: string, touched: Iterable<string>): Set<string> {
  const dirs = new Set<string>()
  for (const dir of touched) for (const d of chain(root, dir)) dirs.add(d)
  return dirs
}
