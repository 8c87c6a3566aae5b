// Real programs in the embedded workspace, typed into the person's terminal (the agent's shell):
// Python (Pyodide), JavaScript/TypeScript (QuickJS) and SQLite (sql.js), all real wasm in their own
// workers, reading and writing the workspace files (which then show in the tree), with stdin,
// pipes, exit codes, the memory cap, and a runaway loop stopped by Ctrl-C and by the agent's Stop.
import { expect, test } from '@playwright/test'
import { focusTerminal, openWorkspacePage } from '../../harness/workspace-page.ts'
import { runInTerminal, terminalScreen } from '../../harness/terminal.ts'

/** A long line wraps at the terminal's width: its rows joined. */
const unwrapped = (text: string) => text.replaceAll('\n', '')

test.describe.configure({ timeout: 240_000 })

const PYTHON_FILES = {
  'main.py': 'import sys\nfrom helpers import shout\nprint(shout(" ".join(sys.argv[1:])))\nopen("result.txt", "w").write(open("data.txt").read().upper())\n',
  'helpers.py': 'def shout(text):\n    return text.upper() + "!"\n',
  'tools/__init__.py': '',
  'tools/count.py': 'import sys\nprint("lines:", len(sys.stdin.read().splitlines()))\n',
  'data.txt': 'from the workspace\n',
}

test('python3: -c, a script with args and a workspace import, -m, stdin and pipes, exit codes; its writes land in the workspace', async ({ page }) => {
  const workspace = await openWorkspacePage(page, { workspace: PYTHON_FILES })
  await focusTerminal(workspace)
  expect(await runInTerminal(page, workspace, "python3 -c 'print(6 * 7)'", 120_000)).toBe('42')
  expect(await runInTerminal(page, workspace, 'python3 main.py hello world')).toBe('HELLO WORLD!')
  expect(await runInTerminal(page, workspace, 'cat result.txt')).toBe('FROM THE WORKSPACE')
  await expect(workspace.getByRole('treeitem', { name: 'result.txt' })).toBeAttached()
  expect(await runInTerminal(page, workspace, "printf 'a\\nb\\nc\\n' | python -m tools.count")).toBe('lines: 3')
  expect(await runInTerminal(page, workspace, "echo 'print(sum(range(10)))' | python3")).toBe('45')
  expect(await runInTerminal(page, workspace, "python3 -c 'import sys; sys.exit(3)'; echo code $?")).toBe('code 3')
  const failure = await runInTerminal(page, workspace, "python3 -c '1/0' 2>&1; echo code $?")
  expect(failure).toMatch(/^Traceback \(most recent call last\):[^]*ZeroDivisionError: division by zero\ncode 1$/)
  // the workspace changed by a shell command is what the next run reads (the runtime stays warm)
  await runInTerminal(page, workspace, 'echo changed > data.txt')
  expect(await runInTerminal(page, workspace, "python3 -c 'print(open(\"data.txt\").read())'")).toBe('changed\n')
  expect(await runInTerminal(page, workspace, "python3 -c 'import os; os.remove(\"helpers.py\")'; ls")).not.toMatch(/helpers\.py/)
  expect(await runInTerminal(page, workspace, 'pip install numpy 2>&1; echo code $?')).toMatch(/^pip: installing packages needs a package index, and this page allows none[^]*\ncode 1$/)
  expect(await runInTerminal(page, workspace, "python3 -c 'b = bytearray(1 << 30)' 2>&1; echo code $?")).toMatch(/MemoryError\ncode 1$/)
  expect(unwrapped(await runInTerminal(page, workspace, 'python3 missing.py 2>&1; echo code $?'))).toBe("python3: can't open file '/workspace/missing.py': [Errno 2] No such file or directorycode 2")
})

const JS_FILES = {
  'app.js': "const { total } = require('./lib/math')\nconst fs = require('fs')\nfs.writeFileSync('report.txt', `total ${total(process.argv.slice(2).map(Number))}\\n`)\nconsole.log('args', process.argv.slice(2))\n",
  'lib/math.ts': 'export function total(values: number[]): number {\n  return values.reduce((a: number, b: number) => a + b, 0)\n}\n',
  'esm.mjs': "import { total } from './lib/math.ts'\nimport { readFileSync } from 'node:fs'\nconsole.log(total([1, 2]), readFileSync('report.txt', 'utf8').trim())\n",
  'later.js': "setTimeout(() => { console.log('later'); process.exit(4) }, 50)\nconsole.log('now')\n",
}

test('node / js: -e, -p, a file requiring a TypeScript module, ES modules, fs on the workspace, stdin, timers and exit codes; npm and http say to use a WebContainer', async ({ page }) => {
  const workspace = await openWorkspacePage(page, { workspace: JS_FILES })
  await focusTerminal(workspace)
  expect(await runInTerminal(page, workspace, "node -e 'console.log(6 * 7, [1, \"a\"], { b: 2 })'")).toBe("42 [ 1, 'a' ] { b: 2 }")
  expect(await runInTerminal(page, workspace, "js -p '[1, 2, 3].map((x) => x * 2).join()'")).toBe('2,4,6')
  expect(await runInTerminal(page, workspace, 'node app.js 4 5 6')).toBe("args [ '4', '5', '6' ]")
  expect(await runInTerminal(page, workspace, 'cat report.txt')).toBe('total 15')
  await expect(workspace.getByRole('treeitem', { name: 'report.txt' })).toBeAttached()
  expect(await runInTerminal(page, workspace, 'node esm.mjs')).toBe('3 total 15')
  expect(await runInTerminal(page, workspace, 'echo \'const n: number = 2; console.log(n ** 10)\' > t.ts; node t.ts')).toBe('1024')
  expect(await runInTerminal(page, workspace, "printf 'x\\ny\\n' | node -e 'console.log(process.stdin.read().length)'")).toBe('4')
  expect(await runInTerminal(page, workspace, 'node later.js; echo code $?')).toBe('now\nlater\ncode 4')
  expect(await runInTerminal(page, workspace, "node -e 'throw new Error(\"boom\")' 2>&1; echo code $?")).toMatch(/^Uncaught Error: boom\n[^]*code 1$/)
  expect(unwrapped(await runInTerminal(page, workspace, "node -e 'require(\"http\")'"))).toMatch(/the Node\.js module 'http' is not available in the embedded JavaScript runtime[^]*WebContainer/)
  expect(unwrapped(await runInTerminal(page, workspace, "node -e 'require(\"lodash\")'"))).toMatch(/npm packages \('lodash'\) are not available[^]*WebContainer/)
  expect(await runInTerminal(page, workspace, "node -e 'const a = []; for (;;) a.push(new Array(1e5).fill(1))' 2>&1; echo code $?")).toMatch(/out of memory[^]*\ncode 1$/)
})

test('sqlite3: a database file in the workspace, SQL from arguments and stdin, .tables, .schema, -json, -csv', async ({ page }) => {
  const workspace = await openWorkspacePage(page, { workspace: { 'seed.sql': "create table fruit(name text, qty int);\ninsert into fruit values ('apple', 3), ('pear, green', 5);\ncreate view plenty as select * from fruit where qty > 4;\n" } })
  await focusTerminal(workspace)
  expect(await runInTerminal(page, workspace, 'sqlite3 shop.db < seed.sql; echo code $?')).toBe('code 0')
  await expect(workspace.getByRole('treeitem', { name: 'shop.db' })).toBeAttached()
  expect(await runInTerminal(page, workspace, 'sqlite3 shop.db .tables')).toBe('fruit   plenty')
  expect(await runInTerminal(page, workspace, 'sqlite3 shop.db ".schema fruit"')).toBe('CREATE TABLE fruit(name text, qty int);')
  expect(await runInTerminal(page, workspace, "sqlite3 shop.db 'select * from fruit'")).toBe('apple|3\npear, green|5')
  expect(await runInTerminal(page, workspace, "sqlite3 -json shop.db 'select * from plenty'")).toBe('[{"name":"pear, green","qty":5}]')
  expect(await runInTerminal(page, workspace, "sqlite3 -csv -header shop.db 'select * from fruit'")).toBe('name,qty\napple,3\n"pear, green",5')
  expect(await runInTerminal(page, workspace, "echo 'update fruit set qty = qty + 1;' | sqlite3 shop.db")).toBe('')
  expect(await runInTerminal(page, workspace, "sqlite3 shop.db 'select sum(qty) from fruit'")).toBe('10')
  expect(await runInTerminal(page, workspace, "sqlite3 shop.db 'select * from nope' 2>&1; echo code $?")).toBe('Error: no such table: nope\ncode 1')
})

test('a runaway loop: Ctrl-C stops python3 (KeyboardInterrupt, the page is cross-origin isolated) and node (its worker is terminated), and the next runs work', async ({ page }) => {
  const workspace = await openWorkspacePage(page, { workspace: { 'a.txt': 'a' } })
  await focusTerminal(workspace)
  expect(await runInTerminal(page, workspace, "python3 -c 'print(1)'", 120_000)).toBe('1')
  // a runtime still spinning would hold the next run of its language forever: that it answers proves the loop stopped
  for (const [loop, next] of [["python3 -c 'while True: pass'", "python3 -c 'print(2)'"], ["node -e 'for (;;) {}'", "node -e 'console.log(3)'"]] as const) {
    await page.keyboard.type(loop)
    await page.keyboard.press('Enter')
    await expect(workspace.locator('dsh-terminal-pane[running]')).toHaveCount(1)
    await expect.poll(() => terminalScreen(workspace)).toMatch(/no output yet/)
    await page.keyboard.press('Control+c')
    await expect(workspace.locator('dsh-terminal-pane[running]')).toHaveCount(0)
    await expect.poll(() => terminalScreen(workspace)).toMatch(/\^C\n[^]*\[interrupted \(SIGTERM\)\]\n~ \$$/)
    expect(await runInTerminal(page, workspace, next, 120_000)).toMatch(/^[23]$/)
  }
})

test('a runaway loop the agent started stops with the agent’s Stop, and the agent goes on working', async ({ page }) => {
  const bash = { name: 'bash', arguments: { command: "python3 -c 'while True: pass'", description: 'spin' } }
  const workspace = await openWorkspacePage(page, { permissions: 'danger-full-access', workspace: { 'a.txt': 'a' }, script: [{ toolCalls: [bash] }, { text: 'Spun.' }] })
  await workspace.getByRole('tab', { name: 'Terminal' }).click()
  const input = page.getByRole('textbox', { name: 'Message' })
  await input.fill('spin')
  await input.press('Enter')
  await expect.poll(() => terminalScreen(workspace)).toMatch(/\[agent\] \$ python3 -c 'while True: pass'/)
  const stop = page.locator('dsh-agent [part~="stop-button"]')
  await stop.click()
  await expect(page.locator('dsh-agent [part~="turn-status"][data-reason="aborted"]')).toContainText('Stopped', { timeout: 20_000 })
  await expect.poll(() => terminalScreen(workspace)).toMatch(/\[agent · /)
  await focusTerminal(workspace)
  expect(await runInTerminal(page, workspace, "python3 -c 'print(\"alive\")'", 120_000)).toBe('alive')
})
