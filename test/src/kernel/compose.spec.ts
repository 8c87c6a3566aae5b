// The shipped composition is valid data (unique kebab ids, mountable plugins) and boots on a real
// Cordis root with no failed plugin; every entry can be disabled by id.
import { Context } from '@deepseek-ai/cordis'
import { describe, expect, it } from 'vitest'
import { bootKernel } from '../../../src/kernel/boot.ts'
import { composition } from '../../../src/kernel/compose.ts'
import { resolveComposition } from '../../../src/kernel/resolve-composition.ts'

describe('kernel/compose', () => {
  it('resolves without warnings, every entry in the default layer', () => {
    const { entries, warnings } = resolveComposition(composition)
    expect(warnings).toEqual([])
    expect(entries.length).toBeGreaterThan(0)
    expect(entries.every((entry) => entry.layer === 'default')).toBe(true)
  })

  it('boots with no failed plugin and dumps one row per entry', async () => {
    const kernel = await bootKernel(new Context(), composition, [], { warn: () => { throw new Error('unexpected warning') } })
    expect(kernel.diagnostics().plugins.filter((problem) => problem.state === 'failed')).toEqual([])
    expect(kernel.dumpConfig().map((row) => row.id)).toEqual(composition.map((entry) => entry.id))
    await kernel.dispose()
  })

  it('mounts nothing when every entry is disabled by a patch', async () => {
    const root = new Context()
    const kernel = await bootKernel(root, composition, composition.map((entry) => ({ id: entry.id, disabled: true })))
    expect(composition.map((entry) => kernel.fiber(entry.id))).toEqual(composition.map(() => undefined))
    expect(kernel.dumpConfig().every((row) => row.disabled && row.layer === 'patch')).toBe(true)
    await kernel.dispose()
  })
})
