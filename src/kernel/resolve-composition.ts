/**
 * Applies patches to the default composition by entry id: replace an entry's whole config,
 * disable/enable it, or insert a new entry before/after another. Plane: worker/shared; pure.
 * Contract: duplicate ids and malformed patches throw; unknown ids warn and are skipped; config defaults to `{}`.
 * @module kernel/resolve-composition
 */
import { DuplicateEntryIdError, InvalidCompositionError } from './errors.ts'
import { isApplicablePlugin, isLazyPlugin } from './lazy-plugin.ts'
import type { CompositionEntry, CompositionPatch, InsertPatch, KernelWarning, ResolvedEntry } from './types.ts'

/** Entry ids: lowercase words joined by `-`, optionally `/`-scoped (`llm`, `tool-fs`, `plugins/budget`). */
export const ENTRY_ID_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/

export interface ResolvedComposition {
  readonly entries: ResolvedEntry[]
  readonly warnings: KernelWarning[]
}

function checkEntry(entry: CompositionEntry, where: string): void {
  if (typeof entry !== 'object' || entry === null) throw new InvalidCompositionError(where, 'expected an object')
  if (typeof entry.id !== 'string' || !ENTRY_ID_PATTERN.test(entry.id)) {
    throw new InvalidCompositionError(where, `id ${JSON.stringify(entry.id)} must match ${ENTRY_ID_PATTERN}`)
  }
  if (!isApplicablePlugin(entry.plugin) && !isLazyPlugin(entry.plugin)) throw new InvalidCompositionError(where, `entry '${entry.id}' has no plugin (a class, a function, an object with apply, or a lazyPlugin)`)
  if (entry.disabled !== undefined && typeof entry.disabled !== 'boolean') {
    throw new InvalidCompositionError(where, `entry '${entry.id}': disabled must be a boolean`)
  }
}

function isInsert(patch: CompositionPatch): patch is InsertPatch {
  return typeof patch === 'object' && patch !== null && 'insert' in patch
}

function checkPatch(patch: CompositionPatch, where: string): void {
  if (typeof patch !== 'object' || patch === null) throw new InvalidCompositionError(where, 'expected an object')
  if (isInsert(patch)) {
    checkEntry(patch.insert, `${where} (insert)`)
    if (patch.before !== undefined && patch.after !== undefined) {
      throw new InvalidCompositionError(where, 'give either before or after, not both')
    }
    return
  }
  if (typeof patch.id !== 'string' || patch.id === '') throw new InvalidCompositionError(where, 'needs an entry id (or insert)')
  if (!('config' in patch) && patch.disabled === undefined) {
    throw new InvalidCompositionError(where, `patch for '${patch.id}' changes nothing (give config and/or disabled)`)
  }
  if (patch.disabled !== undefined && typeof patch.disabled !== 'boolean') {
    throw new InvalidCompositionError(where, `patch for '${patch.id}': disabled must be a boolean`)
  }
}

function unknownId(where: string, id: string, entries: readonly ResolvedEntry[]): KernelWarning {
  const known = entries.map((entry) => entry.id).join(', ')
  return {
    code: 'KERNEL_UNKNOWN_ID',
    message: `kernel: ${where} names entry '${id}', which is not in the composition; the patch was not applied (entries: ${known})`,
  }
}

function insertAt(entries: ResolvedEntry[], patch: InsertPatch, where: string): KernelWarning | undefined {
  const { insert } = patch
  if (entries.some((entry) => entry.id === insert.id)) throw new DuplicateEntryIdError(insert.id, `inserted by ${where}`)
  const anchor = patch.before ?? patch.after
  const resolved: ResolvedEntry = { ...insert, config: insert.config ?? {}, disabled: insert.disabled ?? false, layer: 'insert' }
  if (anchor === undefined) {
    entries.push(resolved)
    return undefined
  }
  const index = entries.findIndex((entry) => entry.id === anchor)
  if (index < 0) return unknownId(where, anchor, entries)
  entries.splice(patch.before !== undefined ? index : index + 1, 0, resolved)
  return undefined
}

function patchEntry(entries: ResolvedEntry[], patch: Exclude<CompositionPatch, InsertPatch>, where: string): KernelWarning | undefined {
  const index = entries.findIndex((entry) => entry.id === patch.id)
  if (index < 0) return unknownId(where, patch.id, entries)
  const entry = entries[index]!
  entries[index] = {
    ...entry,
    config: 'config' in patch ? (patch.config ?? {}) : entry.config,
    disabled: patch.disabled ?? entry.disabled,
    layer: entry.layer === 'insert' ? 'insert' : 'patch',
  }
  return undefined
}

/**
 * The effective composition: defaults in order, then each patch in order (a later patch may
 * target an inserted entry). @throws DuplicateEntryIdError, InvalidCompositionError
 */
export function resolveComposition(defaults: readonly CompositionEntry[], patches: readonly CompositionPatch[] = []): ResolvedComposition {
  const entries: ResolvedEntry[] = []
  defaults.forEach((entry, index) => {
    checkEntry(entry, `entry #${index}`)
    if (entries.some((seen) => seen.id === entry.id)) throw new DuplicateEntryIdError(entry.id, `entry #${index}`)
    entries.push({ ...entry, config: entry.config ?? {}, disabled: entry.disabled ?? false, layer: 'default' })
  })
  const warnings: KernelWarning[] = []
  patches.forEach((patch, index) => {
    const where = `patch #${index}`
    checkPatch(patch, where)
    const warning = isInsert(patch) ? insertAt(entries, patch, where) : patchEntry(entries, patch, where)
    if (warning) warnings.push(warning)
  })
  return { entries, warnings }
}
