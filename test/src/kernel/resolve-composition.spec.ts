// Patches apply to the composition by entry id, in order: replace a whole config, disable or
// re-enable, insert before/after; unknown ids warn and change nothing; duplicates and malformed patches throw.
import { describe, expect, it } from 'vitest'
import { DuplicateEntryIdError, InvalidCompositionError } from '../../../src/kernel/errors.ts'
import { resolveComposition } from '../../../src/kernel/resolve-composition.ts'
import type { CompositionEntry, CompositionPatch } from '../../../src/kernel/types.ts'

const plugin = (name: string) => ({ name, apply: () => {} })
const a = plugin('a')
const b = plugin('b')
const c = plugin('c')
const defaults: CompositionEntry[] = [
  { id: 'alpha', plugin: a, config: { level: 1, keep: true } },
  { id: 'beta', plugin: b },
]

const shape = (patches: CompositionPatch[]) =>
  resolveComposition(defaults, patches).entries.map(({ id, config, disabled, layer }) => ({ id, config, disabled, layer }))

describe('resolveComposition', () => {
  it('keeps the defaults in order, marked default, with a missing config as {}', () => {
    expect(shape([])).toEqual([
      { id: 'alpha', config: { level: 1, keep: true }, disabled: false, layer: 'default' },
      { id: 'beta', config: {}, disabled: false, layer: 'default' },
    ])
  })

  it('replaces the whole config of the named entry (no merge) and marks it patch', () => {
    expect(shape([{ id: 'alpha', config: { level: 2 } }])[0]).toEqual({ id: 'alpha', config: { level: 2 }, disabled: false, layer: 'patch' })
  })

  it('disables an entry, and a later patch re-enables it', () => {
    expect(shape([{ id: 'beta', disabled: true }])[1]).toMatchObject({ id: 'beta', disabled: true, layer: 'patch' })
    expect(shape([{ id: 'beta', disabled: true }, { id: 'beta', disabled: false }])[1]).toMatchObject({ disabled: false })
  })

  it('inserts before, after, or at the end; an inserted entry stays marked insert when patched later', () => {
    const resolved = shape([
      { insert: { id: 'gamma', plugin: c }, before: 'alpha' },
      { insert: { id: 'delta', plugin: c, config: { x: 1 } }, after: 'alpha' },
      { insert: { id: 'omega', plugin: c } },
      { id: 'delta', config: { x: 2 } },
    ])
    expect(resolved.map((entry) => entry.id)).toEqual(['gamma', 'alpha', 'delta', 'beta', 'omega'])
    expect(resolved[2]).toEqual({ id: 'delta', config: { x: 2 }, disabled: false, layer: 'insert' })
  })

  it('warns about a patch naming an unknown id, lists the known ids, and applies nothing', () => {
    const { entries, warnings } = resolveComposition(defaults, [
      { id: 'alhpa', config: { level: 9 } },
      { insert: { id: 'gamma', plugin: c }, after: 'nope' },
    ])
    expect(entries.map((entry) => [entry.id, entry.layer])).toEqual([['alpha', 'default'], ['beta', 'default']])
    expect(warnings).toEqual([
      { code: 'KERNEL_UNKNOWN_ID', message: "kernel: patch #0 names entry 'alhpa', which is not in the composition; the patch was not applied (entries: alpha, beta)" },
      { code: 'KERNEL_UNKNOWN_ID', message: "kernel: patch #1 names entry 'nope', which is not in the composition; the patch was not applied (entries: alpha, beta)" },
    ])
  })

  it('fails with DuplicateEntryIdError on a duplicate default id or an insert of an existing id', () => {
    expect(() => resolveComposition([...defaults, { id: 'alpha', plugin: c }])).toThrow(DuplicateEntryIdError)
    expect(() => resolveComposition([...defaults, { id: 'alpha', plugin: c }]))
      .toThrow("kernel: duplicate entry id 'alpha' (entry #2); entry ids must be unique")
    expect(() => resolveComposition(defaults, [{ insert: { id: 'beta', plugin: c } }]))
      .toThrow("kernel: duplicate entry id 'beta' (inserted by patch #0); entry ids must be unique")
  })

  it('refuses malformed entries and patches with InvalidCompositionError naming the problem', () => {
    const cases: [CompositionEntry[], unknown[], string][] = [
      [[{ id: 'Bad Id', plugin: a }], [], 'kernel: entry #0 is invalid: id "Bad Id" must match'],
      [[{ id: 'alpha', plugin: {} as never }], [], "kernel: entry #0 is invalid: entry 'alpha' has no plugin"],
      [defaults, [{ id: 'alpha' }], "kernel: patch #0 is invalid: patch for 'alpha' changes nothing (give config and/or disabled)"],
      [defaults, [{ config: {} }], 'kernel: patch #0 is invalid: needs an entry id (or insert)'],
      [defaults, [{ id: 'beta', disabled: 'yes' }], "kernel: patch #0 is invalid: patch for 'beta': disabled must be a boolean"],
      [defaults, [{ insert: { id: 'g', plugin: c }, before: 'alpha', after: 'beta' }], 'kernel: patch #0 is invalid: give either before or after, not both'],
      [defaults, [null], 'kernel: patch #0 is invalid: expected an object'],
    ]
    for (const [entries, patches, message] of cases) {
      expect(() => resolveComposition(entries, patches as CompositionPatch[])).toThrow(InvalidCompositionError)
      expect(() => resolveComposition(entries, patches as CompositionPatch[])).toThrow(message)
    }
  })

  it('does not modify the default entries it is given', () => {
    const frozen = Object.freeze(defaults.map((entry) => Object.freeze({ ...entry })))
    resolveComposition(frozen, [{ id: 'alpha', config: { level: 3 } }, { id: 'beta', disabled: true }])
    expect(frozen[0]!.config).toEqual({ level: 1, keep: true })
    expect(frozen[1]!.disabled).toBeUndefined()
  })
})
