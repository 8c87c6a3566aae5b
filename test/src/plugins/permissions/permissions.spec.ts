// Permission presets: read-only denies writes/executes for good, ask asks first, sandbox mode follows the preset, and only setPreset changes it.
import { describe, expect, it } from 'vitest'
import Permissions from '../../../../src/plugins/permissions/index.ts'
import { createToolHarness, echoTool, resultText } from '../../../harness/tool-harness.ts'
import type { PermissionPreset } from '../../../../src/approval/types.ts'

async function presetHarness(preset?: PermissionPreset) {
  const h = await createToolHarness()
  await h.root.plugin(Permissions, preset ? { preset } : {})
  const ran: string[] = []
  const body = (tag: string) => async (args: { text: string }) => (ran.push(tag), { echoed: args.text })
  h.root.tools.register(echoTool({ name: 'read', execute: body('read') }))
  h.root.tools.register(echoTool({ name: 'write', effect: 'write', execute: body('write') }))
  h.root.tools.register(echoTool({ name: 'bash', effect: 'execute', execute: body('bash') }))
  const asked: string[] = []
  h.root.on('approval/request', async (req) => (asked.push(req.toolName), 'allowed-once'))
  const all = [{ name: 'read', arguments: '{"text":"r"}' }, { name: 'write', arguments: '{"text":"w"}' }, { name: 'bash', arguments: '{"text":"b"}' }]
  return { h, ran, asked, all }
}

describe('permission presets', () => {
  it('workspace-write (default) runs everything without asking', async () => {
    const { h, ran, asked, all } = await presetHarness()
    await h.batch(all)
    expect(ran).toEqual(['read', 'write', 'bash'])
    expect(asked).toEqual([])
    expect(h.root.permissions.sandboxMode(h.agent)).toBe('workspace-write')
  })

  it('ask: every write or execute asks first; reads do not', async () => {
    const { h, ran, asked, all } = await presetHarness('ask')
    await h.batch(all)
    expect(asked).toEqual(['write', 'bash'])
    expect(ran).toEqual(['read', 'write', 'bash'])
    expect(h.session.events.find((e) => e.type === 'approval/asked')!.data).toMatchObject({ reason: 'permission preset "ask": tool "write" writes' })
  })

  it('ask: an inner deny stays a deny (no question asked)', async () => {
    const { h, asked } = await presetHarness('ask')
    h.root.on('tools/pre-execute', async () => ({ kind: 'deny', reason: 'policy says no' }))
    await h.batch([{ name: 'write', arguments: '{"text":"w"}' }])
    expect(asked).toEqual([])
    expect(resultText(h.results()[0]!)).toBe('Error: policy says no')
  })

  it('read-only: writes and executes are denied with a clear reason, even if a listener allows', async () => {
    const { h, ran, all } = await presetHarness('read-only')
    h.root.on('tools/pre-execute', async () => ({ kind: 'allow' }), { prepend: true })
    await h.batch(all)
    expect(ran).toEqual(['read'])
    expect(h.results().slice(1).map(resultText)).toEqual([
      'Error: permission preset "read-only" does not allow tool "write" (it writes); only the user can change the preset',
      'Error: permission preset "read-only" does not allow tool "bash" (it executes); only the user can change the preset',
    ])
    expect(h.root.permissions.sandboxMode(h.agent)).toBe('read-only')
  })

  it('setPreset logs the preset and the changed knobs, and takes effect', async () => {
    const { h, ran } = await presetHarness()
    h.root.permissions.setPreset(h.agent, 'danger-full-access')
    expect(h.session.events.filter((e) => ['permission/preset', 'sandbox/mode', 'approval/policy'].includes(e.type)).map((e) => [e.type, e.data])).toEqual([
      ['permission/preset', { preset: 'danger-full-access' }],
      ['sandbox/mode', { mode: 'danger-full-access' }],
      ['approval/policy', { policy: 'never' }],
    ])
    expect(h.root.permissions.sandboxMode(h.agent)).toBe('danger-full-access')
    h.root.permissions.setPreset(h.agent, 'read-only')
    await h.batch([{ name: 'write', arguments: '{"text":"w"}' }])
    expect(ran).toEqual([])
    expect(() => h.root.permissions.setPreset(h.agent, 'yolo' as never)).toThrow(/permission preset must be one of/)
  })
})
