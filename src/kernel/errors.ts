/**
 * Named kernel errors: a composition or patch that cannot be applied, and a plugin config that
 * fails its schema. Plane: worker/shared.
 * @module kernel/errors
 */

/** Two entries (default or inserted) share an id; the composition is refused as a whole. */
export class DuplicateEntryIdError extends Error {
  override readonly name = 'DuplicateEntryIdError'
  constructor(readonly id: string, where: string) {
    super(`kernel: duplicate entry id '${id}' (${where}); entry ids must be unique`)
  }
}

/** An entry or patch with the wrong shape (bad id, no plugin, nothing to change, both `before` and `after`, …). */
export class InvalidCompositionError extends Error {
  override readonly name = 'InvalidCompositionError'
  constructor(readonly where: string, reason: string) {
    super(`kernel: ${where} is invalid: ${reason}`)
  }
}

/** A plugin's config does not match its `Config` schema; that plugin is not mounted. */
export class PluginConfigError extends Error {
  override readonly name = 'PluginConfigError'
  constructor(readonly id: string, plugin: string, readonly problems: readonly string[]) {
    super(`kernel: entry '${id}' (${plugin}) has an invalid config: ${problems.join('; ')}`)
  }
}
