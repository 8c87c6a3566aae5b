import { Context } from '@deepseek-ai/cordis'
import { expect, it } from 'vitest'
import MemoryFileSystem from '../../../src/fs-memory/index.ts'

it('smoke', async () => {
  const root = new Context()
  await root.plugin(MemoryFileSystem, { mirror: 'none', files: { 'a.txt': 'hi\n', 'src/b.ts': 'x' } })
  const fs = root.fs
  const t = fs.resolve('a.txt')
  expect(await fs.readText(t)).toBe('hi\n')
  expect((await fs.listDir(fs.resolve('.'))).map((e) => e.name)).toEqual(['a.txt', 'src'])
  expect((await fs.glob('*.ts')).map((m) => m.target.displayPath)).toEqual(['src/b.ts'])
})
