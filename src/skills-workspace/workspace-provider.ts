/**
 * One workspace skill root (`.dsh/skills` or `.agents/skills`, relative to the workspace root) as
 * a `ctx.skills` provider: `<root>/<name>/SKILL.md` bundles and flat `<root>/<name>.md` files with
 * `name`/`description` front matter. Plane: worker. Contract: a malformed file is skipped with a
 * warning naming file and line; a missing root is an empty, complete listing; `get` re-reads the file.
 * @module skills-workspace/workspace-provider
 */
import type { FileSystem } from '../fs/file-system.ts'
import type { FsTarget } from '../fs/types.ts'
import { parseSkillFile, SkillFormatError } from '../skills/front-matter.ts'
import type { SkillDefinition, SkillListing, SkillProvider, SkillSummary } from '../skills/types.ts'

interface Found { summary: SkillSummary; file: FsTarget; base: FsTarget }

export function workspaceSkillProvider(fs: FileSystem, providerName: string, relativeRoot: string, rank: number, warn: (message: string) => void): SkillProvider {
  const root = () => fs.resolve(relativeRoot)

  async function candidates(signal?: AbortSignal): Promise<{ file: FsTarget; base: FsTarget }[]> {
    const dir = root()
    if ((await fs.stat(dir, signal))?.type !== 'directory') return []
    const out: { file: FsTarget; base: FsTarget }[] = []
    for (const entry of await fs.listDir(dir, signal)) {
      if (entry.type === 'directory') {
        const file = fs.resolve('SKILL.md', { cwd: entry.target.targetKey })
        if ((await fs.stat(file, signal))?.type === 'file') out.push({ file, base: entry.target })
      } else if (entry.type === 'file' && entry.name.endsWith('.md')) {
        out.push({ file: entry.target, base: dir })
      }
    }
    return out
  }

  async function discover(signal?: AbortSignal): Promise<Map<string, Found>> {
    const found = new Map<string, Found>()
    for (const { file, base } of await candidates(signal)) {
      try {
        const parsed = await parseSkillFile(file.displayPath, await fs.readText(file, signal))
        if (found.has(parsed.name)) warn(`${file.displayPath}: skill ${parsed.name} is already defined in ${found.get(parsed.name)!.file.displayPath}; skipped`)
        else found.set(parsed.name, { summary: { name: parsed.name, description: parsed.description, provider: providerName }, file, base })
      } catch (error) {
        if (!(error instanceof SkillFormatError)) throw error
        warn(`${error.message}; skill skipped`)
      }
    }
    return found
  }

  return {
    name: providerName,
    rank,
    async list(signal): Promise<SkillListing> {
      return { skills: [...(await discover(signal)).values()].map((f) => f.summary), complete: true }
    },
    async get(name, signal): Promise<SkillDefinition | undefined> {
      const found = (await discover(signal)).get(name)
      if (!found) return undefined
      const parsed = await parseSkillFile(found.file.displayPath, await fs.readText(found.file, signal))
      return { ...found.summary, content: parsed.body, resourceBase: { kind: 'directory', path: found.base.displayPath } }
    },
  }
}
