/**
 * Which stored sessions a page works with: those of its workspace (`workspace-id`), recorded as
 * the session header's `cwd`, dsh's project directory, so demos and pages of one origin keep their
 * conversations apart; sessions no dsh-agent workspace made (imports, older ones) show on every
 * page; `session-scope="all"` shows every session of the origin. Plane: worker; pure.
 * @module host/session-scope
 */
import type { RuntimeSettings } from '../protocol/index.ts'

/** The `cwd` prefix of sessions made by a dsh-agent workspace. */
export const WORKSPACE_CWD_PREFIX = '/dsh-agent/workspaces/'

export type ScopeSettings = Pick<RuntimeSettings, 'workspaceId' | 'sessionScope'>

/** The `cwd` a page's new session is created with. */
export function workspaceCwd(settings: ScopeSettings): string {
  return `${WORKSPACE_CWD_PREFIX}${settings.workspaceId || 'default'}`
}

/** Whether a session with header `cwd` belongs to the page's sessions. */
export function inScope(cwd: string | undefined, settings: ScopeSettings): boolean {
  if (settings.sessionScope === 'all') return true
  return cwd === undefined || !cwd.startsWith(WORKSPACE_CWD_PREFIX) || cwd === workspaceCwd(settings)
}
