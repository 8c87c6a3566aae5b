/**
 * Language hint for read cards, from the file extension. Plane: shared; pure.
 * @module tool-fs/lang
 */
const LANGS: Record<string, string> = {
  ts: 'typescript', tsx: 'tsx', js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'jsx', json: 'json',
  md: 'markdown', py: 'python', sh: 'bash', bash: 'bash', html: 'html', css: 'css', yml: 'yaml', yaml: 'yaml',
  toml: 'toml', rs: 'rust', go: 'go', java: 'java', c: 'c', h: 'c', cpp: 'cpp', rb: 'ruby', sql: 'sql', xml: 'xml',
}

export function langOf(path: string): string | undefined {
  const dot = path.lastIndexOf('.')
  return dot > path.lastIndexOf('/') ? LANGS[path.slice(dot + 1).toLowerCase()] : undefined
}
