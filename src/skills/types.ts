/**
 * Skill vocabulary (dsh skill/skill): summaries for the catalog, loaded definitions and the
 * provider SPI. Plane: shared; types only.
 * @module skills/types
 */
export type SkillResourceBase =
  | { kind: 'directory'; path: string }
  | { kind: 'url'; url: string }
  | { kind: 'opaque'; description: string }

/** What the catalog shows: name and description, plus which provider serves it. */
export interface SkillSummary {
  readonly name: string
  readonly description: string
  readonly provider: string
}

/** A loaded skill: its instruction body and where its resources resolve. */
export interface SkillDefinition extends SkillSummary {
  readonly content: string
  readonly resourceBase?: SkillResourceBase
}

/** One provider's discovery: `complete: false` when some entries could not be read. */
export interface SkillListing {
  readonly skills: readonly SkillSummary[]
  readonly complete: boolean
}

export interface SkillProvider {
  readonly name: string
  /** Lower ranks win a duplicate name (workspace .dsh 100, .agents 200, runtime 250, site 300). */
  readonly rank: number
  list(signal?: AbortSignal): Promise<SkillListing>
  get(name: string, signal?: AbortSignal): Promise<SkillDefinition | undefined>
}

/** Headless `ctx.skills.register` / `createRuntime({skills})` input. */
export interface SkillRegistration {
  name: string
  description: string
  body?: string
  /** Fetched on first use (credentials omitted), when no `body` is given. */
  url?: string
}

export interface SkillSnapshot {
  readonly skills: readonly SkillSummary[]
  readonly complete: boolean
}
