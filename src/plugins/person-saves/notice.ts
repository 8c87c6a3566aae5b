/**
 * The text the model reads when the person saved files it may have read: which files, and that it
 * must read them again before changing them. Plane: shared; pure.
 * @module plugins/person-saves/notice
 */
export function personSavedNotice(paths: readonly string[]): string {
  if (paths.length === 1) {
    return `The person edited ${paths[0]} in the workspace editor and saved it. What you read of it before is out of date: read it again before you edit or overwrite it.`
  }
  return `The person edited these files in the workspace editor and saved them: ${paths.join(', ')}. What you read of them before is out of date: read them again before you edit or overwrite them.`
}
