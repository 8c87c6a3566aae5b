import { describe, expect, it } from 'vitest'
import * as RunCode from '../../../src/run-code/index.ts'
import { createWorkspaceHarness } from '../../harness/workspace-harness.ts'

describe('run-code on the embedded shell', () => {
  it('adds python3, node and sqlite3 to bash; where there are no Web Workers (Node) they say so instead of "command not found"', async () => {
    const h = await createWorkspaceHarness()
    await h.root.plugin(RunCode)
    for (const command of ['python3 -c "print(1)"', 'node -e 1', 'sqlite3 :memory: "select 1"']) {
      const result = await h.shell.run(h.shell.resolve({ command }))
      expect(result.exitCode).toBe(126)
      expect(result.stderr.text).toMatch(/^\w+: programs run in a Web Worker of the page, and this runtime has none/)
    }
    const other = await h.shell.run(h.shell.resolve({ command: 'ruby -e 1' }))
    expect(other.stderr.text).toMatch(/command not found/)
  })
  it('without the plugin just-bash answers python3 with its own "not available in browser environments"', async () => {
    const h = await createWorkspaceHarness()
    const result = await h.shell.run(h.shell.resolve({ command: 'python3 -c "print(1)"' }))
    expect(result.stderr.text).toMatch(/python3: command not available in browser environments/)
  })
})
