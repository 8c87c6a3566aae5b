/**
 * The skills seam: `ctx.skills` (SkillRegistry, default export), its vocabulary and the shared
 * `<skill_content>` rendering. Plane: worker. Contract: README.md (dsh skill/skill).
 * @module skills/index
 */
export { SkillRegistry as default, SkillRegistry, SkillRegistrationError } from './registry.ts'
export { escapeText, isSkillName, renderSkillContent } from './render.ts'
export { parseSkillFile, SkillFormatError } from './front-matter.ts'
export type * from './types.ts'
