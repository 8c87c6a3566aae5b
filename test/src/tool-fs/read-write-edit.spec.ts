// read/write/edit through the real pipeline: exact texts, envelopes, observation guards, diff cards.
import { describe, expect, it } from 'vitest'
import { createWorkspaceHarness } from '../../harness/workspace-harness.ts'

describe('read', () => {
  it('returns numbered lines in the envelope with an end-of-file footer', async () => {
    const h = await createWorkspaceHarness({ fs: { files: { 'a.txt': 'one\ntwo\nthree\n' } } })
    const { text } = await h.call('read', { file_path: 'a.txt' })
    expect(text).toBe('<path>a.txt</path>\n<type>file</type>\n<content>\n1: one\n2: two\n3: three\n\n(End of file - total 3 lines)\n</content>')
  })

  it('pages with a 1-based offset and limit and says where to continue', async () => {
    const h = await createWorkspaceHarness({ fs: { files: { 'a.txt': 'l1\nl2\nl3\nl4\n' } } })
    const { text, event } = await h.call('read', { file_path: 'a.txt', offset: 2, limit: 2 })
    expect(text).toContain('2: l2\n3: l3\n\n(Showing lines 2-3 of 4. Use offset=4 to read more.)')
    expect(event.data.meta).toMatchObject({ path: 'a.txt', offset: 2, totalLines: 4, lines: [{ number: 2, text: 'l2' }, { number: 3, text: 'l3' }] })
  })

  it('cuts lines over 2000 chars and caps output at 50 KiB', async () => {
    const long = 'x'.repeat(3000)
    const many = Array.from({ length: 2000 }, (_, i) => `${i}`.padEnd(100, '.')).join('\n')
    const h = await createWorkspaceHarness({ fs: { files: { 'long.txt': long, 'many.txt': many } } })
    expect((await h.call('read', { file_path: 'long.txt' })).text).toContain(`1: ${'x'.repeat(2000)}… (line truncated to 2000 chars)`)
    const capped = await h.call('read', { file_path: 'many.txt' })
    expect(capped.text).toMatch(/\(Output capped at 50 KiB\. Showing lines 1-\d+ of 2000\. Use offset=\d+ to read more\.\)/)
  })

  it('past EOF is FS_NOT_FOUND, a directory FS_NOT_REGULAR_FILE, a missing file FS_NOT_FOUND', async () => {
    const h = await createWorkspaceHarness({ fs: { files: { 'a.txt': 'one\n', 'dir/b.txt': '' } } })
    const past = await h.call('read', { file_path: 'a.txt', offset: 5 })
    expect(past.text).toBe('Error: offset 5 is past the end of a.txt (1 lines)')
    expect(past.error).toEqual({ name: 'FsError', code: 'FS_NOT_FOUND' })
    expect((await h.call('read', { file_path: 'dir' })).error?.code).toBe('FS_NOT_REGULAR_FILE')
    const missing = await h.call('read', { file_path: 'nope.txt' })
    expect(missing.text).toBe('Error: No such file or directory: nope.txt')
  })
})

describe('write', () => {
  it('creates a new file without a read and reports Created file, with a diff card meta', async () => {
    const h = await createWorkspaceHarness()
    const { text, event } = await h.call('write', { file_path: 'src/new.ts', content: 'export {}\n' })
    expect(text).toBe('<path>src/new.ts</path>\n<type>file</type>\nCreated file')
    expect(event.data.meta).toEqual({ path: 'src/new.ts', operation: 'create', before: null, after: 'export {}\n' })
    expect(await h.read('src/new.ts')).toBe('export {}\n')
  })

  it('refuses to overwrite an existing file that was not read, then succeeds after a read', async () => {
    const h = await createWorkspaceHarness({ fs: { files: { 'a.txt': 'old\n' } } })
    const refused = await h.call('write', { file_path: 'a.txt', content: 'new\n' })
    expect(refused.error).toEqual({ name: 'FsError', code: 'FS_NOT_OBSERVED' })
    expect(refused.text).toBe('Error: a.txt already exists and has not been read; read it before overwriting it')
    expect(await h.read('a.txt')).toBe('old\n')
    await h.call('read', { file_path: 'a.txt' })
    expect((await h.call('write', { file_path: 'a.txt', content: 'new\n' })).text).toContain('Updated file')
    expect(await h.read('a.txt')).toBe('new\n')
  })
})

describe('edit', () => {
  it('without a prior read is FS_NOT_OBSERVED and the file is unchanged', async () => {
    const h = await createWorkspaceHarness({ fs: { files: { 'a.txt': 'hello world\n' } } })
    const result = await h.call('edit', { file_path: 'a.txt', old_string: 'world', new_string: 'there' })
    expect(result.text).toBe('Error: a.txt has not been read yet; read it before editing it')
    expect(result.error?.code).toBe('FS_NOT_OBSERVED')
    expect(await h.read('a.txt')).toBe('hello world\n')
  })

  it('after a read replaces exactly one match and answers one sentence', async () => {
    const h = await createWorkspaceHarness({ fs: { files: { 'a.txt': 'hello world\n' } } })
    await h.call('read', { file_path: 'a.txt' })
    const result = await h.call('edit', { file_path: 'a.txt', old_string: 'world', new_string: 'there' })
    expect(result.text).toBe('Edited a.txt: replaced 1 occurrence.')
    expect(await h.read('a.txt')).toBe('hello there\n')
    expect(result.event.data.meta).toEqual({ path: 'a.txt', before: 'hello world\n', after: 'hello there\n' })
    expect((await h.call('edit', { file_path: 'a.txt', old_string: 'there', new_string: 'again' })).isError).toBe(false)
  })

  it('ambiguous and missing matches are named errors; replace_all replaces every match', async () => {
    const h = await createWorkspaceHarness({ fs: { files: { 'a.txt': 'x x x\n' } } })
    await h.call('read', { file_path: 'a.txt' })
    const ambiguous = await h.call('edit', { file_path: 'a.txt', old_string: 'x', new_string: 'y' })
    expect(ambiguous.error?.code).toBe('FS_AMBIGUOUS_EDIT')
    expect(ambiguous.text).toContain('old_string matches 3 places in a.txt')
    expect((await h.call('edit', { file_path: 'a.txt', old_string: 'z', new_string: 'y' })).error?.code).toBe('FS_EDIT_NOT_FOUND')
    expect((await h.call('edit', { file_path: 'a.txt', old_string: 'x', new_string: 'y', replace_all: true })).text).toBe('Edited a.txt: replaced 3 occurrences.')
    expect(await h.read('a.txt')).toBe('y y y\n')
  })

  it('after an outside change (bash) since the read is FS_STALE_VERSION', async () => {
    const h = await createWorkspaceHarness({ fs: { files: { 'a.txt': 'v1\n' } } })
    await h.call('read', { file_path: 'a.txt' })
    await h.call('bash', { command: 'echo v2 > a.txt', description: 'change the file behind the read' })
    const result = await h.call('edit', { file_path: 'a.txt', old_string: 'v2', new_string: 'v3' })
    expect(result.error?.code).toBe('FS_STALE_VERSION')
    expect(result.text).toBe('Error: a.txt has changed since it was last read; read it again before modifying it')
    const write = await h.call('write', { file_path: 'a.txt', content: 'v4\n' })
    expect(write.error?.code).toBe('FS_STALE_VERSION')
    expect(await h.read('a.txt')).toBe('v2\n')
  })

  it('presents a diff card for the call and the result', async () => {
    const h = await createWorkspaceHarness()
    const edit = h.root.tools.get('edit')!
    expect(edit.presentCall!({ file_path: 'a.txt', old_string: 'a', new_string: 'b' })).toEqual({ card: 'diff', title: 'Edit a.txt', diffs: [{ path: 'a.txt', oldText: 'a', newText: 'b' }], locations: ['a.txt'] })
    expect(h.root.tools.get('read')!.isConcurrencySafe!({ file_path: 'a' })).toBe(true)
    expect(h.root.tools.get('write')!.effect).toBe('write')
  })
})
