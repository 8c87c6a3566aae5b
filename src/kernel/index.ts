/**
 * The kernel's public surface: the default composition, `bootKernel`, patch resolution, plugin
 * config declaration and the named errors. Plane: worker/shared; no DOM.
 * @module kernel/index
 */
export { composition } from './compose.ts'
export { bootKernel } from './boot.ts'
export { resolveComposition, ENTRY_ID_PATTERN, type ResolvedComposition } from './resolve-composition.ts'
export { pluginConfig, type StandardConfigSchema } from './plugin-config.ts'
export { SECRET_KEY_PATTERN } from './dump-config.ts'
export { DuplicateEntryIdError, InvalidCompositionError, PluginConfigError } from './errors.ts'
export type * from './types.ts'
