// The skill catalog and tool through the whole runtime: dsh's <available_skills> message enters the first
// step (workspace .agents/.dsh skills and headless ones), the `skill` tool returns <skill_content>, a write
// under a skill root appends a complete replacement catalog, an unchanged catalog is never repeated.
import { afterEach, expect, it } from 'vitest'
import type { ScriptedReply, UserMessage } from '../../../src/index.ts'
import { createLoopRuntime } from '../../harness/loop-runtime.ts'

const files = {
  '.agents/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Ship the docs site <safely>\n---\nRun `npm run deploy`.\n',
  '.dsh/skills/review.md': '---\nname: review\ndescription: Review   a change\n  carefully\n---\nRead the diff first.\n',
  '.agents/skills/broken.md': '---\nname: [oops\n---\n',
}
const disposers: (() => Promise<void>)[] = []
afterEach(async () => { for (const d of disposers.splice(0)) await d() })

async function start(replies: ScriptedReply[], extra: { skills?: { name: string; description: string; body: string }[] } = {}) {
  // Each runtime gets its own workspace: the memory mirror keeps a workspace per id for the process.
  const h = await createLoopRuntime(replies, { workspace: { provider: 'memory', files, id: `skills-${Math.random().toString(36).slice(2)}` }, ...extra })
  disposers.push(() => h.runtime.dispose())
  return h
}
const catalogs = (h: Awaited<ReturnType<typeof start>>) => h.ofType('user/message').map((e) => e.data as UserMessage).filter((m) => m.source.kind === 'plugin' && m.source.plugin === 'skill-catalog')
const text = (m: UserMessage) => m.content.map((b) => (b.type === 'text' ? b.text : '')).join('')

it('publishes dsh\'s catalog once, before the first request, with entries in the source', async () => {
  const h = await start([{ text: 'a' }, { text: 'b' }], { skills: [{ name: 'site-tour', description: 'Tour the site', body: 'Start at /' }] })
  h.agent.followup('hi')
  await h.agent.whenIdle()
  h.agent.followup('again')
  await h.agent.whenIdle()
  const published = catalogs(h)
  expect(published).toHaveLength(1)
  expect(published[0]!.source).toEqual({ kind: 'plugin', plugin: 'skill-catalog', form: 'catalog', entries: [
    { name: 'deploy', description: 'Ship the docs site <safely>' },
    { name: 'review', description: 'Review a change carefully' },
    { name: 'site-tour', description: 'Tour the site' },
  ] })
  expect(text(published[0]!)).toBe([
    '<system-reminder>',
    'A skill is a reusable set of task-specific instructions. The following skills are available in this session:',
    '',
    '<available_skills>',
    '- `deploy`: Ship the docs site &lt;safely&gt;',
    '- `review`: Review a change carefully',
    '- `site-tour`: Tour the site',
    '</available_skills>',
    '',
    "If the user names a skill, or the task clearly matches a skill's description, call the `skill` tool with the exact skill name before taking task actions. Load all applicable skills, then follow their full instructions. This catalog contains summaries only; do not infer or follow a skill's instructions until it has been loaded.",
    'A user may also invoke a skill directly; its <skill_content> block then appears in this conversation. Follow it, and do not call the `skill` tool again for that skill.',
    '</system-reminder>',
  ].join('\n'))
  const firstRequest = h.model.requests[0]!.messages.map((m) => text(m as UserMessage))
  expect(firstRequest.some((t) => t.includes('<available_skills>'))).toBe(true)
})

it('the skill tool returns <skill_content> with the directory resource hint, and exact errors', async () => {
  const call = (name: string, id: string) => ({ toolCalls: [{ name: 'skill', arguments: JSON.stringify({ name }), id }], finish: 'tool-calls' as const })
  const h = await start([call('deploy', 'c1'), call('Nope!', 'c2'), call('missing', 'c3'), { text: 'done' }])
  h.agent.followup('deploy please')
  await h.agent.whenIdle()
  const results = h.ofType('tool/result').map((e) => text(e.data.message as unknown as UserMessage) || e.data.message.content[0].content.map((b) => (b.type === 'text' ? b.text : '')).join(''))
  expect(results[0]).toBe([
    '<skill_content name="deploy">',
    '<skill_resources>',
    'Base directory for this skill: .agents/skills/deploy',
    'Resolve relative paths mentioned by this skill against the base directory before using them. Load referenced resources only as needed.',
    '</skill_resources>',
    '',
    '<skill_instructions>',
    'Run `npm run deploy`.\n',
    '</skill_instructions>',
    '</skill_content>',
  ].join('\n'))
  expect(results[1]).toBe('Error: invalid skill name "Nope!"')
  expect(results[2]).toBe('Error: skill "missing" is unknown or no longer available')
})

it('a write under a skill root appends a complete replacement catalog on the next step', async () => {
  const write = { toolCalls: [{ name: 'write', arguments: JSON.stringify({ file_path: '.agents/skills/search.md', content: '---\nname: search\ndescription: Search the docs\n---\nUse grep.\n' }), id: 'w1' }], finish: 'tool-calls' as const }
  const h = await start([write, { text: 'written' }])
  h.agent.followup('add a skill')
  await h.agent.whenIdle()
  const published = catalogs(h)
  expect(published).toHaveLength(2)
  expect(published[1]!.source).toMatchObject({ update: true, entries: [{ name: 'deploy' }, { name: 'review' }, { name: 'search' }] })
  expect(text(published[1]!)).toContain('The available skill catalog changed. This complete catalog replaces every earlier available-skills list in this session:')
  // The replacement entered the step after the write, before the model's second request.
  expect(h.model.requests[1]!.messages.some((m) => text(m as UserMessage).includes('- `search`: Search the docs'))).toBe(true)
})

it('publishes nothing when there are no skills', async () => {
  const h = await createLoopRuntime([{ text: 'a' }], { workspace: { provider: 'memory', id: 'no-skills' } })
  disposers.push(() => h.runtime.dispose())
  h.agent.followup('hi')
  await h.agent.whenIdle()
  expect(catalogs(h)).toEqual([])
})
