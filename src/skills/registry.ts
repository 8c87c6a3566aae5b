/**
 * `ctx.skills`: the skill registry (dsh skill/skill). Providers (workspace, site) and runtime
 * registrations feed one catalog: a duplicate name goes to the lowest rank, then the earliest
 * provider; summaries are sorted by name. Plane: worker. Contract: `skills/change` is emitted
 * after every registration, disposal and invalidation; a provider's listing is cached until it
 * invalidates; a provider that throws makes the snapshot incomplete (the catalog then keeps its last view).
 * The `Service` façade over `SkillCatalog` (kernel/cordis/service).
 * @module skills/registry
 */
import { Context, Service } from '@deepseek-ai/cordis'
import { eventBus, type CoreService } from '../kernel/cordis/service.ts'
import { isSkillName } from './render.ts'
import { RUNTIME, SkillCatalog } from './skill-catalog.ts'
import type { SkillDefinition, SkillProvider, SkillRegistration, SkillSnapshot } from './types.ts'

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

/** The `ctx.skills` façade (kernel/cordis/service): registrations as effects of the calling fiber; the catalog is `core`. */
export class SkillRegistry extends Service implements CoreService<SkillCatalog> {
  readonly core: SkillCatalog

  constructor(ctx: Context) {
    super(ctx, 'skills')
    this.core = new SkillCatalog(eventBus(ctx), (message) => ctx.logger('skills').warn(message))
  }

  /** Adds a provider until the returned disposer runs (or the calling plugin goes). */
  registerProvider(provider: SkillProvider): () => Promise<void> {
    const { providers, listings } = this.core
    if (provider.name === RUNTIME || providers.some((p) => p.name === provider.name)) {
      throw new SkillRegistrationError(`a skill provider named ${JSON.stringify(provider.name)} is already registered`)
    }
    return this.ctx.effect(() => {
      providers.push(provider)
      this.core.changed()
      return () => {
        providers.splice(providers.indexOf(provider), 1)
        listings.delete(provider)
        this.core.changed()
      }
    }, `skills.registerProvider(${provider.name})`)
  }

  /**
   * A runtime skill (`body`, or a `url` fetched on first use). A second registration of a name
   * is ignored (first wins) and its disposer does nothing. @throws SkillRegistrationError
   */
  register(skill: SkillRegistration): () => Promise<void> {
    const checked = checkRegistration(skill)
    const { runtimeSkills } = this.core
    if (runtimeSkills.has(checked.name)) {
      this.ctx.logger('skills').warn(`skill ${checked.name} is already registered; the later registration is ignored`)
      return async () => undefined
    }
    return this.ctx.effect(() => {
      runtimeSkills.set(checked.name, checked)
      this.core.invalidate(RUNTIME)
      return () => {
        if (runtimeSkills.get(checked.name) === checked) runtimeSkills.delete(checked.name)
        this.core.invalidate(RUNTIME)
      }
    }, `skills.register(${checked.name})`)
  }

  /** Drops `providerName`'s cached listing (its source changed). */
  invalidate(providerName: string): void {
    this.core.invalidate(providerName)
  }

  snapshot(options: { signal?: AbortSignal } = {}): Promise<SkillSnapshot> {
    return this.core.snapshot(options)
  }

  /** The winning definition of `name`, loaded now (bodies are never cached here). */
  get(name: string, options: { signal?: AbortSignal } = {}): Promise<SkillDefinition | undefined> {
    return this.core.get(name, options)
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
