/**
 * The filesystem seam definition: `ctx.fs` (FileSystem, extended by each provider), its
 * vocabulary, errors and path policy. Plane: worker/shared. Contract: see README.md, dsh contracts §10.
 * @module fs/index
 */
export { FileSystem, type FileSystemOptions, type MutationOptions } from './file-system.ts'
export { FsError, isFsError, type FsErrorCode } from './errors.ts'
export { normalizePath, resolvePath, isWithin, displayPath } from './path-policy.ts'
export { SANDBOX_MODES } from './sandbox.ts'
export { sandboxPolicyFor } from './sandbox-policy.ts'
export { compileGlob } from './glob-pattern.ts'
export type * from './types.ts'
