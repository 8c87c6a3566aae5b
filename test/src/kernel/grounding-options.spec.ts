// createRuntime's grounding options (architecture §9): `persona` becomes the system prompt's persona, and bad
// `instructions`, `skills` or `webFetch` values fail createRuntime with a named error before anything runs.
import { expect, it } from 'vitest'
import { createRuntime } from '../../../src/index.ts'
import { RuntimeOptionsError } from '../../../src/kernel/runtime-patches.ts'
import { SkillRegistrationError } from '../../../src/skills/index.ts'
import { scriptedAdapter } from '../../../src/llm-scripted/index.ts'

it('persona is the system prompt\'s persona section', async () => {
  const runtime = await createRuntime({ llm: { provider: 'scripted', replies: [{ text: 'ok' }] }, persona: 'You are the docs companion of Example.' })
  const agent = await runtime.open()
  agent.followup('hi')
  await agent.whenIdle()
  expect(scriptedAdapter(runtime.ctx).requests[0]!.system).toContain('You are the docs companion of Example.')
  await runtime.dispose()
})

it('refuses malformed grounding options with named errors', async () => {
  await expect(createRuntime({ instructions: 42 as unknown as string })).rejects.toThrow(new RuntimeOptionsError('instructions must be a string'))
  await expect(createRuntime({ persona: ['x'] as unknown as string })).rejects.toThrow(new RuntimeOptionsError('persona must be a string'))
  await expect(createRuntime({ webFetch: { allow: 'self', base: 'not a url' } })).rejects.toThrow('webFetch.base must be an absolute URL, got "not a url"')
  await expect(createRuntime({ skills: [{ name: 'Bad Name', description: 'd', body: 'b' }] })).rejects.toThrow(SkillRegistrationError)
})
