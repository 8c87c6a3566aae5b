/**
 * The workspace side of a run, over the shell's file system (the call's sandbox applies): before,
 * the files a runtime worker lacks or holds in an older version (by mtime and size) and the list of
 * every path; after, the program's writes and removals written back, so they reach the tree and the
 * log as a shell write does. `node_modules/` and `.git/` stay out. Plane: worker.
 * @module run-code/workspace-sync
 */
import type { IFileSystem } from 'just-bash/browser'
import type { RunResult, WorkspaceFile } from './types.ts'

const SKIPPED_DIRS = new Set(['node_modules', '.git'])
/** The most a run copies into its runtime (all files together). */
export const MAX_SYNC_BYTES = 256 * 2 ** 20

export interface Snapshot { files: WorkspaceFile[]; paths: string[] }

export async function snapshot(fs: IFileSystem, root: string, sent: Map<string, string>): Promise<Snapshot> {
  const files: WorkspaceFile[] = []
  const paths: string[] = []
  let bytes = 0
  const visit = async (dir: string): Promise<void> => {
    for (const name of await fs.readdir(dir)) {
      const path = `${dir}/${name}`
      const stat = await fs.stat(path)
      if (stat.isDirectory) {
        if (!SKIPPED_DIRS.has(name)) await visit(path)
        continue
      }
      if (!stat.isFile) continue
      paths.push(path)
      const key = `${stat.mtime.getTime()}:${stat.size}`
      if (sent.get(path) === key) continue
      bytes += stat.size
      if (bytes > MAX_SYNC_BYTES) throw new Error(`the workspace holds more than ${MAX_SYNC_BYTES / 2 ** 20} MiB of files, more than a run copies into its runtime`)
      files.push({ path, data: await fs.readFileBuffer(path) })
      sent.set(path, key)
    }
  }
  await visit(root)
  const present = new Set(paths)
  for (const path of sent.keys()) if (!present.has(path)) sent.delete(path)
  return { files, paths }
}

/** Writes the run's changes into the workspace; returns one line per change that the workspace refused. */
export async function writeBack(fs: IFileSystem, result: RunResult, sent: Map<string, string>): Promise<string[]> {
  const refused: string[] = []
  for (const file of result.written) {
    try {
      const parent = file.path.slice(0, file.path.lastIndexOf('/'))
      if (parent) await fs.mkdir(parent, { recursive: true })
      await fs.writeFile(file.path, file.data)
      const stat = await fs.stat(file.path)
      sent.set(file.path, `${stat.mtime.getTime()}:${stat.size}`)
    } catch (error) {
      sent.delete(file.path) // the runtime holds what the workspace refused: send the workspace's own copy next time
      refused.push(`could not write ${file.path} back to the workspace: ${(error as Error).message}`)
    }
  }
  for (const path of result.removed) {
    try {
      await fs.rm(path, { force: true })
      sent.delete(path)
    } catch (error) {
      sent.delete(path)
      refused.push(`could not remove ${path} from the workspace: ${(error as Error).message}`)
    }
  }
  return refused
}
