/**
 * The `skill` tool (dsh skill/tool-skill): loads one skill by its exact catalog name and returns
 * dsh's `<skill_content>` block. Plane: worker. Contract: errors are exactly
 * `invalid skill name "<name>"` and `skill "<name>" is unknown or no longer available`.
 * @module tool-skill/skill-tool
 */
import type { Context } from '@deepseek-ai/cordis'
import { defineTool, toolOutputSchema, toolParameters } from '../tools/define-tool.ts'
import type { ToolDefinition } from '../tools/types.ts'
import { isSkillName, renderSkillContent } from '../skills/render.ts'
import type { SkillResourceBase } from '../skills/types.ts'

export class SkillToolError extends Error {
  override readonly name = 'SkillToolError'
  constructor(readonly code: 'SKILL_INVALID_NAME' | 'SKILL_UNKNOWN', message: string) { super(message) }
}

type SkillValue = { name: string; provider: string; resourceBase?: SkillResourceBase; content: string }

const PARAMETERS = toolParameters('skill', {
  type: 'object', required: ['name'], additionalProperties: false,
  properties: { name: { type: 'string', description: 'The exact skill name from the available skills list.' } },
})
const OUTPUT_SCHEMA = toolOutputSchema('skill', { type: 'object', required: ['name', 'provider', 'content'], properties: { name: { type: 'string' }, provider: { type: 'string' }, resourceBase: { type: 'object' }, content: { type: 'string' } } })

export function skillTool(ctx: Context): ToolDefinition<{ name: string }, SkillValue> {
  return defineTool<{ name: string }, SkillValue>({
    name: 'skill',
    description: 'Load the full instructions for an available skill. Call this with the exact skill name from the session skill catalog before acting on a task that names or clearly matches that skill.',
    parameters: PARAMETERS,
    output: {
      schema: OUTPUT_SCHEMA,
      render: (_args, value) => [{ type: 'text', text: renderSkillContent(value) }],
    },
    isConcurrencySafe: () => true,
    async execute({ name }, exec) {
      if (!isSkillName(name)) throw new SkillToolError('SKILL_INVALID_NAME', `invalid skill name ${JSON.stringify(name)}`)
      const skill = await ctx.skills.get(name, { signal: exec.signal })
      if (!skill) throw new SkillToolError('SKILL_UNKNOWN', `skill ${JSON.stringify(name)} is unknown or no longer available`)
      return { name: skill.name, provider: skill.provider, ...(skill.resourceBase ? { resourceBase: skill.resourceBase } : {}), content: skill.content }
    },
    presentCall: ({ name }) => ({ card: 'generic', title: `Skill: ${name}`, kind: 'read' }),
  })
}
