// Skill files: YAML front matter (the `yaml` library) gives name and description; a malformed file is
// a SkillFormatError naming the file and the line.
import { expect, it } from 'vitest'
import { parseSkillFile, SkillFormatError } from '../../../src/skills/index.ts'

it('reads name, description and the body after the closing line', async () => {
  const parsed = await parseSkillFile('.agents/skills/deploy/SKILL.md', '---\nname: deploy\ndescription: >\n  Ship the site\n  to production\nextra: [1, 2]\n---\n# Deploy\nRun it.\n')
  expect(parsed).toEqual({ name: 'deploy', description: 'Ship the site to production\n', body: '# Deploy\nRun it.\n' })
})

it('names the file and line of a YAML error', async () => {
  const error = await parseSkillFile('.dsh/skills/bad.md', '---\nname: bad\ndescription: [unclosed\n---\nbody').catch((e: unknown) => e)
  expect(error).toBeInstanceOf(SkillFormatError)
  expect((error as SkillFormatError).message).toMatch(/^\.dsh\/skills\/bad\.md:\d+: invalid YAML front matter/)
  expect((error as SkillFormatError).line).toBeGreaterThanOrEqual(3)
})

it('refuses a missing or non-kebab name and an empty description, naming the line', async () => {
  await expect(parseSkillFile('a.md', 'no front matter')).rejects.toThrow('a.md:1: expected YAML front matter starting with "---"')
  await expect(parseSkillFile('a.md', '---\nname: a\n')).rejects.toThrow('a.md:1: front matter is not closed by a "---" line')
  await expect(parseSkillFile('b.md', '---\ndescription: d\nname: Bad_Name\n---\n')).rejects.toThrow('b.md:3: "name" must be a kebab-case skill name, got "Bad_Name"')
  await expect(parseSkillFile('c.md', '---\nname: c\ndescription: "  "\n---\n')).rejects.toThrow('c.md:3: "description" must be a non-empty string')
  await expect(parseSkillFile('d.md', '---\n- a\n- b\n---\n')).rejects.toThrow('d.md:2: front matter must be a YAML mapping')
})
