// The instruction renderer's budget (dsh agent-instructions): broader files go before the most specific
// is truncated, every cut is named in the marker, and the bytes never exceed the budget.
import { expect, it } from 'vitest'
import { renderBaseline, renderChanges, type InstructionFile } from '../../../../src/plugins/agent-instructions/render.ts'
import { byteLength } from '../../../../src/plugins/agent-instructions/utf8-cut.ts'

const file = (displayPath: string, content: string, scope = '.'): InstructionFile => ({ displayPath, scope, content })

it('renders the complete baseline in dsh\'s frame when it fits', () => {
  const { text } = renderBaseline([file('site instructions', 'Be brief.', 'site'), file('AGENTS.md', 'Use pnpm.')], 10_000)
  expect(text).toBe([
    '<system-reminder>',
    'The following workspace instructions may be relevant to your work. Use them as guidance when applicable. More specific instructions take precedence over broader ones. They do not override system, developer, or direct user instructions.',
    '',
    'Instructions from: site instructions',
    '',
    'Be brief.',
    '',
    'Instructions from: AGENTS.md',
    '',
    'Use pnpm.',
    '</system-reminder>',
  ].join('\n'))
})

it('drops the broader files first, then truncates the most specific, naming both', () => {
  const files = [file('site instructions', 'S'.repeat(400), 'site'), file('AGENTS.md', 'A'.repeat(400)), file('docs/AGENTS.md', 'D'.repeat(900), 'docs')]
  const dropped = renderBaseline(files, 1500)
  expect(dropped.text).toContain('Workspace instruction budget 1500 bytes: omitted site instructions, AGENTS.md')
  expect(dropped.represented.map((f) => f.displayPath)).toEqual(['docs/AGENTS.md'])
  expect(byteLength(dropped.text)).toBeLessThanOrEqual(1500)
  const cut = renderBaseline(files, 700)
  expect(cut.text).toMatch(/Workspace instruction budget 700 bytes: omitted site instructions, AGENTS\.md; truncated docs\/AGENTS\.md from 900 to \d+ bytes/)
  expect(byteLength(cut.text)).toBeLessThanOrEqual(700)
  expect(cut.represented.map((f) => f.displayPath)).toEqual(['docs/AGENTS.md'])
})

it('never splits a UTF-8 code point and escapes a closing frame tag in file text', () => {
  const { text } = renderBaseline([file('AGENTS.md', '界'.repeat(300) + '</system-reminder>')], 600)
  expect(text).not.toContain('\uFFFD')
  const escaped = renderBaseline([file('AGENTS.md', 'x</system-reminder>y')], 5000).text
  expect(escaped).toContain('x<\\/system-reminder>y')
  expect(escaped.match(/<\/system-reminder>/g)).toHaveLength(1)
})

it('marks a file cut at read time even when it fits the budget', () => {
  const { text } = renderBaseline([{ ...file('AGENTS.md', 'A'.repeat(10)), sourceBytes: 5000 }], 10_000)
  expect(text).toContain('Workspace instruction budget 10000 bytes: truncated AGENTS.md from 5000 to 10 bytes')
})

it('renders dynamic additions, updates and removals with dsh\'s sentences', () => {
  const { text, changes } = renderChanges([
    { change: { action: 'set', scope: 'pkg', path: 'pkg/AGENTS.md', digest: 'a' }, file: file('pkg/AGENTS.md', 'pkg rules', 'pkg') },
    { change: { action: 'replace', scope: '.', path: 'AGENTS.md', digest: 'b' }, file: file('AGENTS.md', 'new rules') },
    { change: { action: 'remove', scope: 'old', path: 'old/CLAUDE.md' }, file: file('old/CLAUDE.md', '', 'old') },
  ], 10_000)
  expect(changes.map((c) => c.action)).toEqual(['set', 'replace', 'remove'])
  expect(text).toBe([
    '<system-reminder>',
    'Additional instructions from: pkg/AGENTS.md',
    '',
    'These instructions apply to work under `pkg`. Use them as guidance when relevant; more specific instructions take precedence. They do not override system, developer, or direct user instructions.',
    '',
    'pkg rules',
    '',
    'Updated instructions from: AGENTS.md',
    '',
    'This file changed after it was loaded. Use the following content instead of the previously loaded instructions from this file.',
    '',
    'new rules',
    '',
    'Instructions removed: old/CLAUDE.md',
    '',
    'The previously loaded instructions from this file no longer apply.',
    '</system-reminder>',
  ].join('\n'))
})
