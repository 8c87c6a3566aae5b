/**
 * The workspace skill provider plugin: registers `.dsh/skills` (rank 100) and `.agents/skills`
 * (rank 200) on `ctx.skills` and invalidates a root's listing when a mutation through `ctx.fs`
 * (a tool write or edit, or the shell) touches it. Plane: worker.
 * @module skills-workspace/index
 */
import type { Context } from '@deepseek-ai/cordis'
import type {} from '../fs/file-system.ts'
import type {} from '../skills/registry.ts'
import { workspaceSkillProvider } from './workspace-provider.ts'

export const name = 'skills-workspace'
export const inject = ['skills', 'fs']

/** Roots relative to the workspace root, in rank order (lower wins a duplicate name). */
export const WORKSPACE_SKILL_ROOTS = [
  { provider: 'workspace-dsh', root: '.dsh/skills', rank: 100 },
  { provider: 'workspace-agents', root: '.agents/skills', rank: 200 },
] as const

export function apply(ctx: Context): void {
  const warn = (message: string) => ctx.logger('skills').warn(message)
  const roots = WORKSPACE_SKILL_ROOTS.map((r) => ({ ...r, key: ctx.fs.resolve(r.root).targetKey }))
  for (const r of roots) ctx.skills.registerProvider(workspaceSkillProvider(ctx.fs, r.provider, r.root, r.rank, warn))
  const touches = (path: string, root: string) => path === root || path.startsWith(`${root}/`) || root.startsWith(`${path}/`)
  ctx.on('fs/change', (change) => {
    const paths = change.kind === 'rename' ? [change.path, change.to] : [change.path]
    for (const r of roots) if (paths.some((p) => touches(p, r.key))) ctx.skills.invalidate(r.provider)
  })
}
