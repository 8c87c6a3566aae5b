/**
 * Model-facing skill markup (dsh skill/skill `renderSkillContent`): the `<skill_content>` block the
 * `skill` tool returns, the escaping shared with the catalog, and the skill-name grammar.
 * Plane: shared; pure.
 * @module skills/render
 */
import type { SkillDefinition } from './types.ts'

/** Kebab-case: lowercase letters and digits in dash-separated words (1–64 characters). */
const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export function isSkillName(name: string): boolean {
  return name.length <= 64 && SKILL_NAME.test(name)
}

/** Escapes prose embedded in skill markup so it cannot open or close a frame. */
export function escapeText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

function escapeAttr(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
}

function resourceHint(skill: Pick<SkillDefinition, 'provider' | 'resourceBase'>): string[] {
  const base = skill.resourceBase
  if (base === undefined) return [`Resources for this skill are managed by provider "${escapeText(skill.provider)}".`, 'Load referenced resources only as needed.']
  switch (base.kind) {
    case 'directory':
      return [`Base directory for this skill: ${escapeText(base.path)}`, 'Resolve relative paths mentioned by this skill against the base directory before using them. Load referenced resources only as needed.']
    case 'url':
      return [`Base URL for this skill: ${escapeText(base.url)}`, 'Resolve relative URLs mentioned by this skill against the base URL before using them. Load referenced resources only as needed.']
    case 'opaque':
      return [`Resources for this skill: ${escapeText(base.description)}`, 'Load referenced resources only as needed.']
  }
}

export function renderSkillContent(skill: Pick<SkillDefinition, 'name' | 'provider' | 'resourceBase' | 'content'>): string {
  return [
    `<skill_content name="${escapeAttr(skill.name)}">`,
    '<skill_resources>',
    ...resourceHint(skill),
    '</skill_resources>',
    '',
    '<skill_instructions>',
    skill.content,
    '</skill_instructions>',
    '</skill_content>',
  ].join('\n')
}
