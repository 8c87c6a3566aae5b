/**
 * The skill registry's core (kernel/cordis/service): providers and runtime skills feeding one catalog — a
 * duplicate name goes to the lowest rank, then the earliest provider; summaries sorted by name.
 * Plane: worker; a plain object — the skill tool snapshots it every step. Contract: registers
 * nothing (the `ctx.skills` façade adds and removes through the caller's fiber); `skills/change`
 * after every change; a provider's listing is cached until it invalidates; a provider that throws
 * makes the snapshot incomplete.
 * @module skills/skill-catalog
 */
import type { EventsService } from '@deepseek-ai/cordis'
import { lazyPart } from '../kernel/lazy-plugin.ts'
import { isSkillName } from './render.ts'
import type { SkillDefinition, SkillListing, SkillProvider, SkillRegistration, SkillSnapshot, SkillSummary } from './types.ts'

/** The fetch-and-cache of `url` skill bodies loads with the first such skill read. */
const bodyCache = lazyPart('skills: body cache', () => import('./body-cache.ts'))

export const RUNTIME_RANK = 250
export const RUNTIME = 'runtime'

export class SkillCatalog {
  readonly providers: SkillProvider[] = []
  readonly listings = new Map<SkillProvider, SkillListing>()
  readonly runtimeSkills = new Map<string, SkillRegistration>()

  /**
   * @param events the bus (kernel/cordis/service `eventBus`)
   * @param warn the registry's logger
   */
  constructor(private readonly events: EventsService, private readonly warn: (message: string) => void) {
    const runtime: SkillProvider = {
      name: RUNTIME,
      rank: RUNTIME_RANK,
      list: async () => ({ skills: [...this.runtimeSkills.values()].map(({ name, description }) => ({ name, description, provider: RUNTIME })), complete: true }),
      get: async (name, signal) => {
        const skill = this.runtimeSkills.get(name)
        if (!skill) return undefined
        const content = skill.body ?? await (await bodyCache()).skillBody(skill.url!, signal)
        return { name, description: skill.description, provider: RUNTIME, content, ...(skill.url ? { resourceBase: { kind: 'url' as const, url: skill.url } } : {}) }
      },
    }
    this.providers.push(runtime)
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
          this.warn(`skill provider ${provider.name} failed: ${error instanceof Error ? error.message : String(error)}`)
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

  /** Emits `skills/change`. */
  changed(): void {
    this.events.emit('skills/change')
  }
}
