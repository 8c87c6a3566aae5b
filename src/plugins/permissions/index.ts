/**
 * `ctx.permissions`: permission presets (read-only, workspace-write, ask, danger-full-access) as
 * a sandbox mode for the fs/shell providers, an approval policy, and a gate on tools that write
 * or execute. Plane: worker. Contract: changes only via config or `setPreset` (the UI), never
 * model text; a read-only denial is a monotonic guard no listener can undo.
 * @module plugins/permissions
 */
import { Context, Service } from '@deepseek-ai/cordis'
import type { Agent } from '../../agent-loop/types.ts'
import type { PermissionPreset, SandboxMode } from '../../approval/types.ts'
import type { ToolExecution } from '../../tools/types.ts'
import type {} from '../../tools/events.ts'
import type { ToolRegistryCore } from '../../tools/registry-core.ts'
import type {} from '../../approval/events.ts'
import { DEFAULT_PRESET, isPermissionPreset, PRESETS } from './presets.ts'

declare module '@deepseek-ai/cordis' {
  interface Context {
    permissions: Permissions
  }
}

export interface Config {
  /** Preset when the session logged none. Default `workspace-write`. */
  preset?: PermissionPreset
}

export class Permissions extends Service {
  static inject = ['tools']
  private readonly defaultPreset: PermissionPreset
  /** The tool registry's core (kernel/cordis/service), read per call. */
  private readonly tools: ToolRegistryCore

  constructor(ctx: Context, config: Config = {}) {
    super(ctx, 'permissions')
    const preset = config.preset ?? DEFAULT_PRESET
    if (!isPermissionPreset(preset)) throw new TypeError(`permission preset must be one of ${Object.keys(PRESETS).join(', ')}; got ${JSON.stringify(preset)}`)
    this.defaultPreset = preset
    ctx.tools.guard((exec) => this.denial(exec))
    this.tools = ctx.tools.core
    ctx.on('tools/pre-execute', async (exec, next) => {
      const decision = await next()
      if (decision.kind !== 'allow' || this.gateOf(exec) !== 'ask') return decision
      return { kind: 'ask', reason: `permission preset "ask": tool ${JSON.stringify(exec.name)} ${this.effectOf(exec)}s` }
    }, { prepend: true })
  }

  /** The agent's preset: last `permission/preset` in its session, else config. */
  preset(agent?: Agent): PermissionPreset {
    const logged = agent && agent.session.lastOfType('permission/preset')?.data.preset
    return isPermissionPreset(logged) ? logged : this.defaultPreset
  }

  /** The effective sandbox mode the fs/shell providers enforce: last `sandbox/mode`, else the preset's. */
  sandboxMode(agent?: Agent): SandboxMode {
    return (agent && agent.session.lastOfType('sandbox/mode')?.data.mode) ?? PRESETS[this.preset(agent)].sandbox
  }

  /**
   * Switches the agent's preset (UI or host API only): logs `permission/preset`, then the knobs
   * that changed (`sandbox/mode`, and the approval policy through `ctx.approval`).
   */
  setPreset(agent: Agent, preset: PermissionPreset): void {
    if (!isPermissionPreset(preset)) throw new TypeError(`permission preset must be one of ${Object.keys(PRESETS).join(', ')}; got ${JSON.stringify(preset)}`)
    const spec = PRESETS[preset]
    const sandboxBefore = this.sandboxMode(agent)
    agent.session.append('permission/preset', { preset })
    if (sandboxBefore !== spec.sandbox) agent.session.append('sandbox/mode', { mode: spec.sandbox })
    this.ctx.get('approval')?.setPolicy(agent, spec.policy)
  }

  private effectOf(exec: ToolExecution) {
    return this.tools.get(exec.name, exec.agent)?.effect ?? 'read'
  }

  private gateOf(exec: ToolExecution) {
    return PRESETS[this.preset(exec.agent)].gate(this.effectOf(exec))
  }

  private denial(exec: ToolExecution): string | undefined {
    if (this.gateOf(exec) !== 'deny') return undefined
    return `permission preset "${this.preset(exec.agent)}" does not allow tool ${JSON.stringify(exec.name)} (it ${this.effectOf(exec)}s); only the user can change the preset`
  }
}

export default Permissions
