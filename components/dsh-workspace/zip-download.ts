/**
 * Downloads: one file as itself, or the whole workspace as a `.zip` (fflate, loaded on first use).
 * The workspace is walked page by page through `workspace.list` and read one file at a time, so a
 * workspace of any size is zipped whole; binary and too-large files are skipped and listed in
 * `SKIPPED.txt` inside the archive. Plane: main.
 * @module components/dsh-workspace/zip-download
 */
import type { WorkspaceLink } from '../dsh-agent/workspace-link.ts'

/** Saves `data` as `name` through a temporary object URL and an `<a download>`. */
export function saveAs(name: string, data: BlobPart, type = 'application/octet-stream'): void {
  const url = URL.createObjectURL(new Blob([data], { type }))
  const anchor = Object.assign(document.createElement('a'), { href: url, download: name })
  anchor.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Every file path under `dir`, depth first, through the paged listing. */
async function* walk(link: WorkspaceLink, dir: string): AsyncGenerator<string> {
  let offset: number | undefined = 0
  while (offset !== undefined) {
    const page: Awaited<ReturnType<typeof link.request<'workspace.list'>>> = await link.request({ kind: 'workspace.list', path: dir, offset })
    for (const entry of page.entries) {
      if (entry.type === 'directory') yield* walk(link, entry.path)
      else if (entry.type === 'file') yield entry.path
    }
    offset = page.next
  }
}

export async function zipWorkspace(link: WorkspaceLink): Promise<Uint8Array> {
  const { zipSync, strToU8 } = await import('fflate')
  const files: Record<string, Uint8Array> = {}
  const skipped: string[] = []
  for await (const path of walk(link, '')) {
    const file = await link.request({ kind: 'workspace.read', path })
    if (file.kind === 'text') files[path] = strToU8(file.text)
    else skipped.push(`${path} (${file.kind}, ${file.size} bytes)`)
  }
  if (skipped.length > 0) files['SKIPPED.txt'] = strToU8(`Not in this archive (the workspace API serves text files up to its cap):\n${skipped.join('\n')}\n`)
  return zipSync(files)
}
