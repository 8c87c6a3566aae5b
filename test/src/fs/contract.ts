/**
 * The one seam contract suite for `ctx.fs` (dsh contracts §10), run against every provider:
 * resolution, reads, guarded writes, edits, listing, mutations, glob, sandbox fences, events.
 * @module test/src/fs/contract
 */
import { describe, expect, it } from 'vitest'
import type { FileSystem } from '../../../src/fs/file-system.ts'
import type { FsChange } from '../../../src/fs/types.ts'

export interface FsUnderTest { fs: FileSystem; changes: FsChange[] }
export type MakeFs = (files: Record<string, string>, sandboxMode?: 'read-only' | 'workspace-write' | 'danger-full-access') => Promise<FsUnderTest>

const code = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: { code?: string }) => error.code)

export function describeFsContract(provider: string, make: MakeFs): void {
  describe(`ctx.fs contract: ${provider}`, () => {
    it('resolves relative to the root and shows relative display paths', async () => {
      const { fs } = await make({})
      expect(fs.resolve('src/../a.txt')).toEqual({ targetKey: '/workspace/a.txt', displayPath: 'a.txt' })
      expect(fs.resolve('b', { cwd: 'src' }).displayPath).toBe('src/b')
      expect(fs.resolve('/etc/x').displayPath).toBe('/etc/x')
      expect(() => fs.resolve('a\u0000b')).toThrow('paths may not contain NUL bytes')
    })

    it('reads text and bytes; stat reports type, size and a version', async () => {
      const { fs } = await make({ 'a.txt': 'héllo\n', 'dir/b.txt': '' })
      const a = fs.resolve('a.txt')
      expect(await fs.readText(a)).toBe('héllo\n')
      expect(await fs.readBytes(a, undefined, 100)).toEqual(new TextEncoder().encode('héllo\n'))
      expect(await fs.stat(a)).toMatchObject({ type: 'file', size: 7, version: expect.any(String) })
      expect(await fs.stat(fs.resolve('dir'))).toMatchObject({ type: 'directory' })
      expect(await fs.stat(fs.resolve('nope'))).toBeUndefined()
      expect(await code(fs.readText(fs.resolve('nope')))).toBe('FS_NOT_FOUND')
      expect(await code(fs.readText(fs.resolve('dir')))).toBe('FS_NOT_REGULAR_FILE')
      expect(await code(fs.readBytes(a, undefined, 3))).toBe('FS_TOO_LARGE')
    })

    it('rejects invalid UTF-8 as FS_NOT_TEXT', async () => {
      const { fs } = await make({})
      const bin = fs.resolve('bin')
      await fs.writeBytes(bin, new Uint8Array([0xff, 0xfe, 0x00]))
      expect(await code(fs.readText(bin))).toBe('FS_NOT_TEXT')
    })

    it('writeText creates (with parents) and updates; the version changes with the content', async () => {
      const { fs, changes } = await make({})
      const t = fs.resolve('deep/dir/f.txt')
      const created = await fs.writeText(t, 'one')
      expect(created).toMatchObject({ operation: 'create', before: null, after: 'one' })
      const updated = await fs.writeText(t, 'two')
      expect(updated).toMatchObject({ operation: 'update', before: 'one', after: 'two' })
      expect(updated.version).not.toBe(created.version)
      expect((await fs.stat(t))!.version).toBe(updated.version)
      expect(changes.filter((c) => c.kind === 'write').map((c) => c.path)).toEqual(['/workspace/deep/dir/f.txt', '/workspace/deep/dir/f.txt'])
    })

    it('guards: createIfAbsent on an existing file is FS_NOT_OBSERVED; a stale or missing version FS_STALE_VERSION', async () => {
      const { fs } = await make({ 'a.txt': 'v1' })
      const t = fs.resolve('a.txt')
      expect(await code(fs.writeText(t, 'x', { kind: 'createIfAbsent' }))).toBe('FS_NOT_OBSERVED')
      const v1 = (await fs.stat(t))!.version
      const { version: v2 } = await fs.writeText(t, 'v2', { kind: 'replaceIfVersion', version: v1 })
      expect(await code(fs.writeText(t, 'v3', { kind: 'replaceIfVersion', version: v1 }))).toBe('FS_STALE_VERSION')
      expect(await code(fs.writeText(fs.resolve('gone.txt'), 'x', { kind: 'replaceIfVersion', version: v2 }))).toBe('FS_STALE_VERSION')
      expect(await fs.readText(t)).toBe('v2')
    })

    it('editText checks the guard before matching, then applies the unique-match rule', async () => {
      const { fs } = await make({ 'a.txt': 'a b a' })
      const t = fs.resolve('a.txt')
      const version = (await fs.stat(t))!.version
      expect(await code(fs.editText(t, { oldString: 'zzz', newString: '', replaceAll: false }, { version: 'stale' }))).toBe('FS_STALE_VERSION')
      expect(await code(fs.editText(t, { oldString: 'a', newString: 'c', replaceAll: false }, { version }))).toBe('FS_AMBIGUOUS_EDIT')
      expect(await code(fs.editText(t, { oldString: 'zzz', newString: '', replaceAll: false }))).toBe('FS_EDIT_NOT_FOUND')
      expect(await fs.editText(t, { oldString: 'b', newString: 'B', replaceAll: false }, { version })).toMatchObject({ before: 'a b a', after: 'a B a' })
      expect((await fs.editText(t, { oldString: 'a', newString: 'x', replaceAll: true })).after).toBe('x B x')
      expect(await code(fs.editText(fs.resolve('none'), { oldString: 'a', newString: 'b', replaceAll: false }))).toBe('FS_NOT_FOUND')
    })

    it('lists directories name-sorted; mkdir, rename and rm mutate and publish fs/change', async () => {
      const { fs, changes } = await make({ 'b.txt': 'b', 'a.txt': 'a', 'sub/c.txt': 'c' })
      expect((await fs.listDir(fs.resolve('.'))).map((e) => [e.name, e.type])).toEqual([['a.txt', 'file'], ['b.txt', 'file'], ['sub', 'directory']])
      expect(await code(fs.listDir(fs.resolve('a.txt')))).toBe('FS_NOT_DIRECTORY')
      await fs.mkdir(fs.resolve('new/nested'), { recursive: true })
      await fs.rename(fs.resolve('sub'), fs.resolve('new/nested/moved'))
      expect(await fs.readText(fs.resolve('new/nested/moved/c.txt'))).toBe('c')
      expect(await code(fs.rm(fs.resolve('new')))).toBe('FS_IO_ERROR')
      await fs.rm(fs.resolve('new'), { recursive: true })
      await fs.rm(fs.resolve('missing'), { force: true })
      expect(await fs.stat(fs.resolve('new'))).toBeUndefined()
      expect(changes.map((c) => c.kind)).toEqual(['mkdir', 'rename', 'rm'])
    })

    it('globs files (not directories) below a directory, skipping VCS metadata', async () => {
      const { fs } = await make({ 'x.ts': '', 'src/y.ts': '', 'src/z.md': '', '.git/config.ts': '' })
      expect((await fs.glob('*.ts')).map((m) => m.target.displayPath).sort()).toEqual(['src/y.ts', 'x.ts'])
      expect((await fs.glob('*', { cwd: 'src' })).map((m) => m.target.displayPath)).toEqual(['src/y.ts', 'src/z.md'])
    })

    it('read-only refuses every write; workspace-write confines every path to the root', async () => {
      const ro = (await make({ 'a.txt': 'a' }, 'read-only')).fs
      for (const attempt of [ro.writeText(ro.resolve('a.txt'), 'x'), ro.mkdir(ro.resolve('d')), ro.rm(ro.resolve('a.txt')), ro.writeBytes(ro.resolve('n'), 'x')]) {
        expect(await code(attempt)).toBe('FS_SANDBOX_DENIED')
      }
      expect(await ro.readText(ro.resolve('a.txt'))).toBe('a')
      const ww = (await make({}, 'workspace-write')).fs
      const outside = ww.resolve('../../etc/passwd')
      await expect(ww.writeText(outside, 'x')).rejects.toThrow('Sandbox (workspace-write) denies access to /etc/passwd: it is outside the workspace root /workspace')
      expect(await code(ww.readText(outside))).toBe('FS_SANDBOX_DENIED')
      expect(await code(ww.writeText(ww.resolve('ok.txt'), 'x', undefined, undefined, { mode: 'read-only' }))).toBe('FS_SANDBOX_DENIED')
    })
  })
}
