/**
 * Rewrites provider failures into model-facing FsErrors that name the path as the model wrote
 * it. Plane: shared; pure. Contract: non-FsErrors become FS_IO_ERROR without the provider's
 * own text, so provider-internal paths never reach the model.
 * @module fs/backend-errors
 */
import { FsError, notDirectory, notFound, notRegularFile, notText } from './errors.ts'

const REPHRASE: Partial<Record<FsError['code'], (display: string) => FsError>> = {
  FS_NOT_FOUND: notFound,
  FS_NOT_DIRECTORY: notDirectory,
  FS_NOT_REGULAR_FILE: notRegularFile,
  FS_NOT_TEXT: notText,
}

export function rephrase(error: unknown, display: string): FsError {
  if (error instanceof FsError) return REPHRASE[error.code]?.(display) ?? error
  return new FsError('FS_IO_ERROR', `I/O error on ${display}`)
}

/** Runs a provider call, rephrasing its failure for `display`. */
export async function viaBackend<T>(display: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw rephrase(error, display)
  }
}
