/**
 * The person's saves as the agent's session logs them (written `ignorable`, so dsh and older
 * readers still load the file). Plane: shared; types only.
 * @module plugins/person-saves/types
 */
declare module '../../session/types.ts' {
  interface SessionEventMap {
    /** The person saved `path` (as the agent's tools name it) in the workspace editor, giving it `version`. */
    'workspace/saved-by-person': { path: string; version: string }
  }
}

export {}
