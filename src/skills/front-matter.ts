/**
 * Splits a skill file into YAML front matter and body and reads `name` / `description`, with the
 * `yaml` library loaded on first use (the worker core does not carry it). Plane: shared.
 * Contract: a malformed file is a `SkillFormatError` naming the file and the line; never a guess.
 * @module skills/front-matter
 */
import { isSkillName } from './render.ts'

export class SkillFormatError extends Error {
  override readonly name = 'SkillFormatError'
  readonly code = 'SKILL_FORMAT'
  constructor(readonly path: string, readonly line: number, problem: string) {
    super(`${path}:${line}: ${problem}`)
  }
}

export interface ParsedSkillFile {
  name: string
  description: string
  body: string
}

type YamlModule = typeof import('yaml')
let yamlModule: Promise<YamlModule> | undefined
const loadYaml = (): Promise<YamlModule> => (yamlModule ??= import('yaml'))

const OPEN = /^---[ \t]*\r?\n/
const CLOSE = /^---[ \t]*$/m

/** @throws SkillFormatError */
export async function parseSkillFile(path: string, text: string): Promise<ParsedSkillFile> {
  if (!OPEN.test(text)) throw new SkillFormatError(path, 1, 'expected YAML front matter starting with "---"')
  const rest = text.replace(OPEN, '')
  const close = CLOSE.exec(rest)
  if (!close) throw new SkillFormatError(path, 1, 'front matter is not closed by a "---" line')
  const yamlText = rest.slice(0, close.index)
  const body = rest.slice(close.index + close[0].length).replace(/^\r?\n/, '')
  const { parseDocument } = await loadYaml()
  const doc = parseDocument(yamlText)
  const error = doc.errors[0]
  // Line numbers are the file's: the opening "---" is line 1.
  if (error) throw new SkillFormatError(path, (error.linePos?.[0]?.line ?? 1) + 1, `invalid YAML front matter: ${error.message.split('\n')[0]}`)
  const data: unknown = doc.toJS()
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new SkillFormatError(path, 2, 'front matter must be a YAML mapping')
  const { name, description } = data as Record<string, unknown>
  const lineOf = (key: string) => yamlText.split('\n').findIndex((line) => line.startsWith(`${key}:`)) + 2
  if (typeof name !== 'string' || !isSkillName(name)) throw new SkillFormatError(path, Math.max(2, lineOf('name')), `"name" must be a kebab-case skill name, got ${JSON.stringify(name)}`)
  if (typeof description !== 'string' || description.trim() === '') throw new SkillFormatError(path, Math.max(2, lineOf('description')), '"description" must be a non-empty string')
  return { name, description, body }
}
