/**
 * Typing commands into the workspace terminal as a person does and reading what they printed:
 * `runInTerminal` types one command, waits for the prompt to come back and returns the output
 * between the command's line and that prompt. Plane: Node driving Chromium.
 * @module test/harness/terminal
 */
import { expect, type Locator, type Page } from '@playwright/test'

export const terminalScreen = (workspace: Locator): Promise<string> =>
  workspace.locator('dsh-terminal-pane').evaluate((el) => (el as unknown as { screenText: string }).screenText)

const PROMPT = /^~[^$]* \$$/

export async function runInTerminal(page: Page, workspace: Locator, command: string, timeout = 60_000): Promise<string> {
  const before = (await terminalScreen(workspace)).split('\n').length
  await page.keyboard.type(command)
  await page.keyboard.press('Enter')
  let lines: string[] = []
  await expect.poll(async () => {
    lines = (await terminalScreen(workspace)).split('\n')
    return lines.length > before && PROMPT.test(lines.at(-1)!.trimEnd())
  }, { timeout, message: `the prompt after "${command}"` }).toBe(true)
  const commandLine = lines.findLastIndex((line, i) => i < lines.length - 1 && line.includes(command.slice(0, 40)))
  return lines.slice(commandLine + 1, -1).filter((line) => !line.startsWith('… no output yet')).join('\n')
}
