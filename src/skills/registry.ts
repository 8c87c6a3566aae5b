/**
 * `ctx.skills`: the skill registry (dsh skill/skill). Providers (workspace, site) and runtime
 * registrations feed one catalog: a duplicate name goes to the lowest rank, then the earliest
 * provider; summaries are sorted by name. Plane: worker. Contract: `skills/change` is emitted
 * after every registration, disposal and invalidation; a provider's listing is cached until it
 * invalidates; a provider that throws makes the snapshot incomplete (the catalog then keeps its last view).
 * @module skills/registry
 */
import { Context, Service } from '@deepseek-ai/cordis'
import { skillBody } from './body-cache.ts'
import { isSkillName } from './render.ts'
import type { SkillDefinition, SkillListing, SkillProvider, SkillRegistration, SkillSnapshot, SkillSummary } from './types.ts'

declare module '@deepseek-ai/cordis' {
  interface Context {
    skills: SkillRegistry
  }
  interface Events {
    /** @mode emit — the catalog may have changed; consumers take a new snapshot. */
    'skills/change'(): void
  }
}

export class SkillRegistrationError extends Error {
  override readonly name = 'SkillRegistrationError'
  readonly code = 'SKILL_INVALID'
}

const RUNTIME_RANK = 250
const RUNTIME = 'runtime'

export class SkillRegistry extends Service {
  private readonly providers: SkillProvider[] = []
  private readonly listings = new Map<SkillProvider, SkillListing>()
  private readonly runtimeSkills = new Map<string, SkillRegistration>()

  constructor(ctx: Context) {
    super(ctx, 'skills')
    const runtime: SkillProvider = {
      name: RUNTIME,
      rank: RUNTIME_RANK,
      list: async () => ({ skills: [...this.runtimeSkills.values()].map(({ name, description }) => ({ name, description, provider: RUNTIME })), complete: true }),
      get: async (name, signal) => {
        const skill = this.runtimeSkills.get(name)
        if (!skill) return undefined
        const content = skill.body ?? await skillBody(skill.url!, signal)
        return { name, description: skill.description, provider: RUNTIME, content, ...(skill.url ? { resourceBase: { kind: 'url' as const, url: skill.url } } : {}) }
      },
    }
    this.providers.push(runtime)
  }

  /** Adds a provider until the returned disposer runs (or the calling plugin goes). */
  registerProvider(provider: SkillProvider): () => Promise<void> {
    if (provider.name === RUNTIME || this.providers.some((p) => p.name === provider.name)) {
      throw new SkillRegistrationError(`a skill provider named ${JSON.stringify(provider.name)} is already registered`)
    }
    return this.ctx.effect(() => {
      this.providers.push(provider)
      this.changed()
      return () => {
        this.providers.splice(this.providers.indexOf(provider), 1)
        this.listings.delete(provider)
        this.changed()
      }
    }, `skills.registerProvider(${provider.name})`)
  }

  /**
   * A runtime skill (`body`, or a `url` fetched on first use). A second registration of a name
   * is ignored (first wins) and its disposer does nothing. @throws SkillRegistrationError
   */
  register(skill: SkillRegistration): () => Promise<void> {
    const checked = checkRegistration(skill)
    if (this.runtimeSkills.has(checked.name)) {
      this.ctx.logger('skills').warn(`skill ${checked.name} is already registered; the later registration is ignored`)
      return async () => undefined
    }
    return this.ctx.effect(() => {
      this.runtimeSkills.set(checked.name, checked)
      this.invalidate(RUNTIME)
      return () => {
        if (this.runtimeSkills.get(checked.name) === checked) this.runtimeSkills.delete(checked.name)
        this.invalidate(RUNTIME)
      }
    }, `skills.register(${checked.name})`)
  }

  /** Drops `providerName`'s cached listing (its source changed). */
  invalidate(providerName: string): void {
    for (const provider of this.listings.keys()) if (provider.name === providerName) this.listings.delete(provider)
    this.changed()
  }

  async snapshot(options: { signal?: AbortSignal } = {}): Promise<SkillSnapshot> {
    const winners = new Map<string, { skill: SkillSummary; rank: number }>()
    let complete = true
    for (const provider of this.providers) {
      let listing = this.listings.get(provider)
      if (!listing) {
        listing = await provider.list(options.signal).catch((error: unknown) => {
          this.ctx.logger('skills').warn(`skill provider ${provider.name} failed: ${error instanceof Error ? error.message : String(error)}`)
          return { skills: [], complete: false }
        })
        if (listing.complete) this.listings.set(provider, listing)
      }
      options.signal?.throwIfAborted()
      complete &&= listing.complete
      for (const skill of listing.skills) {
        const known = winners.get(skill.name)
        if (!known || provider.rank < known.rank) winners.set(skill.name, { skill, rank: provider.rank })
      }
    }
    const skills = [...winners.values()].map((w) => w.skill).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    return { skills, complete }
  }

  /** The winning definition of `name`, loaded now (bodies are never cached here). */
  async get(name: string, options: { signal?: AbortSignal } = {}): Promise<SkillDefinition | undefined> {
    if (!isSkillName(name)) return undefined
    const { skills } = await this.snapshot(options)
    const summary = skills.find((s) => s.name === name)
    const provider = summary && this.providers.find((p) => p.name === summary.provider)
    return provider?.get(name, options.signal)
  }

  private changed(): void {
    this.ctx.emit('skills/change')
  }
}

function checkRegistration(skill: SkillRegistration): SkillRegistration {
  const where = `skill ${JSON.stringify(skill?.name)}`
  if (typeof skill?.name !== 'string' || !isSkillName(skill.name)) throw new SkillRegistrationError(`${where}: name must be kebab-case (lowercase letters, digits and dashes)`)
  if (typeof skill.description !== 'string' || skill.description.trim() === '') throw new SkillRegistrationError(`${where}: description must be a non-empty string`)
  if (skill.body !== undefined && typeof skill.body !== 'string') throw new SkillRegistrationError(`${where}: body must be a string`)
  if (skill.body === undefined) {
    if (typeof skill.url !== 'string') throw new SkillRegistrationError(`${where}: needs a body or a url`)
    try {
      new URL(skill.url)
    } catch {
      throw new SkillRegistrationError(`${where}: url must be absolute, got ${JSON.stringify(skill.url)}`)
    }
  }
  return { name: skill.name, description: skill.description, ...(skill.body !== undefined ? { body: skill.body } : { url: skill.url! }) }
}
