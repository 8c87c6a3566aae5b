/**
 * Permission presets: each is a sandbox mode, an approval policy and a rule for which calls ask
 * or are denied, by the tool's declared `effect`. Plane: shared; pure.
 * @module plugins/permissions/presets
 */
import type { ApprovalPolicy, PermissionPreset, SandboxMode } from '../../approval/types.ts'
import type { ToolEffect } from '../../tools/types.ts'

export interface PresetSpec {
  sandbox: SandboxMode
  policy: ApprovalPolicy
  /** What happens to a call of a tool with this effect before policy listeners decide. */
  gate(effect: ToolEffect): 'pass' | 'ask' | 'deny'
}

const mutates = (effect: ToolEffect): boolean => effect === 'write' || effect === 'execute'

export const PRESETS: Readonly<Record<PermissionPreset, PresetSpec>> = {
  'read-only': { sandbox: 'read-only', policy: 'ask', gate: (effect) => (mutates(effect) ? 'deny' : 'pass') },
  'workspace-write': { sandbox: 'workspace-write', policy: 'ask', gate: () => 'pass' },
  ask: { sandbox: 'workspace-write', policy: 'ask', gate: (effect) => (mutates(effect) ? 'ask' : 'pass') },
  'danger-full-access': { sandbox: 'danger-full-access', policy: 'never', gate: () => 'pass' },
}

export const DEFAULT_PRESET: PermissionPreset = 'workspace-write'

export function isPermissionPreset(value: unknown): value is PermissionPreset {
  return typeof value === 'string' && Object.hasOwn(PRESETS, value)
}
