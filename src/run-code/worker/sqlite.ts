/**
 * `sqlite3 [options] [DB] [SQL|.command ...]` in the runtime worker: SQLite by sql.js (wasm) on a
 * database file of the workspace (read in, written back when the run changed it), SQL from the
 * arguments or stdin, the dot commands `.tables`, `.schema`, `.headers`, `.mode`, `.quit`, `.help`,
 * and the output options `-json`, `-csv`, `-line`, `-list`, `-tabs`, `-header`, `-separator`. The
 * first failing statement ends the run with exit 1 (as `-bail`). Plane: runtime worker.
 * @module run-code/worker/sqlite
 */
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js'
import type { LanguageRun, RunResult } from '../types.ts'
import { SQLJS, runtimeFileUrl } from '../runtime-files.ts'
import type { WorkspaceImage } from './image.ts'
import { CappedOutput } from './output.ts'
import { formatRows, inColumns, OUTPUT_MODES, type Format, type OutputMode } from './sqlite-format.ts'

const HELP = `.headers on|off          Turn display of headers on or off
.help                    Show this message
.mode MODE               Set output mode: ${OUTPUT_MODES.join(', ')}
.quit                    Exit this program
.schema ?TABLE?          Show the CREATE statements
.tables ?PATTERN?        List names of tables
`
const USAGE = 'Usage: sqlite3 [OPTIONS] [FILENAME [SQL...]]\nOPTIONS: -json -csv -line -list -tabs -header -noheader -separator SEP -readonly -version\n'

let loading: Promise<SqlJsStatic> | undefined

class Quit extends Error {}
class SqlFailure extends Error {}

interface Options { format: Format; file?: string; readonly: boolean; inputs: string[]; say?: { stdout?: string; stderr?: string; exitCode: number } }

function parseArgs(args: readonly string[]): Options {
  const options: Options = { format: { mode: 'list', headers: false, separator: '|' }, readonly: false, inputs: [] }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    const flag = arg.replace(/^--?/, '-')
    if (arg.startsWith('-') && options.file === undefined) {
      const mode = flag.slice(1) as OutputMode
      if (OUTPUT_MODES.includes(mode)) {
        options.format.mode = mode
        if (mode === 'csv' && !args.includes('-noheader')) options.format.headers = args.includes('-header')
      } else if (flag === '-header' || flag === '-headers') options.format.headers = true
      else if (flag === '-noheader') options.format.headers = false
      else if (flag === '-separator') options.format.separator = args[++i] ?? '|'
      else if (flag === '-readonly' || flag === '-bail' || flag === '-batch') options.readonly ||= flag === '-readonly'
      else if (flag === '-version') options.say = { stdout: '3.49.1 (sql.js)\n', exitCode: 0 }
      else if (flag === '-help') options.say = { stdout: USAGE, exitCode: 0 }
      else options.say = { stderr: `sqlite3: Error: unknown option: ${arg}\nUse -help for a list of options.\n`, exitCode: 1 }
      if (options.say) return options
    } else if (options.file === undefined) options.file = arg
    else options.inputs.push(arg)
  }
  return options
}

/** SQL text → the units the shell runs: dot commands (a line of their own between statements) and SQL chunks. */
function units(input: string): string[] {
  const out: string[] = []
  let sql = ''
  for (const line of input.split('\n')) {
    if (sql.trim() === '' && line.trimStart().startsWith('.')) {
      out.push(line.trim())
      sql = ''
    } else {
      sql += `${line}\n`
      if (line.trimEnd().endsWith(';')) {
        out.push(sql)
        sql = ''
      }
    }
  }
  if (sql.trim() !== '') out.push(sql)
  return out
}

function runSql(db: Database, sql: string, format: Format, out: CappedOutput): void {
  try {
    for (const statement of db.iterateStatements(sql)) {
      const columns = statement.getColumnNames()
      const rows = []
      while (statement.step()) rows.push(statement.get())
      statement.free()
      if (columns.length > 0) out.write(formatRows(format, columns, rows))
    }
  } catch (error) {
    throw new SqlFailure(`Error: ${(error as Error).message}`)
  }
}

function dotCommand(db: Database, line: string, format: Format, out: CappedOutput): void {
  const [command, ...args] = line.split(/\s+/)
  const names = (sql: string, params: string[]) => (db.exec(sql, params)[0]?.values ?? []).map((row) => String(row[0]))
  switch (command) {
    case '.tables': {
      const pattern = args[0] ?? '%'
      out.write(inColumns(names("SELECT name FROM sqlite_schema WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' AND name LIKE ? ORDER BY 1", [pattern])))
      return
    }
    case '.schema': {
      const filter = args[0] ? ' AND tbl_name LIKE ?' : ''
      for (const sql of names(`SELECT sql FROM sqlite_schema WHERE sql NOT NULL AND name NOT LIKE 'sqlite_%'${filter} ORDER BY tbl_name, type DESC, name`, args[0] ? [args[0]] : [])) out.write(`${sql};\n`)
      return
    }
    case '.headers':
    case '.header':
      format.headers = args[0] === 'on' || args[0] === '1' || args[0] === 'yes'
      return
    case '.mode': {
      const mode = args[0] as OutputMode
      if (!OUTPUT_MODES.includes(mode)) throw new SqlFailure(`Error: mode should be one of: ${OUTPUT_MODES.join(' ')}`)
      format.mode = mode
      return
    }
    case '.help':
      out.write(HELP)
      return
    case '.quit':
    case '.exit':
      throw new Quit()
    default:
      throw new SqlFailure(`Error: unknown command or invalid arguments:  "${command!.slice(1)}". Enter ".help" for help`)
  }
}

export async function runSqlite(request: LanguageRun, image: WorkspaceImage): Promise<RunResult> {
  image.sync(request)
  const options = parseArgs(request.args)
  if (options.say) return { kind: 'result', stdout: options.say.stdout ?? '', stderr: options.say.stderr ?? '', exitCode: options.say.exitCode, written: [], removed: [] }
  loading ??= initSqlJs({ locateFile: () => runtimeFileUrl(request.assetsBase, SQLJS, 'sql-wasm-browser.wasm') })
  const SQL = await loading
  const path = options.file === undefined || options.file === ':memory:' ? undefined : options.file.startsWith('/') ? options.file : `${request.cwd.replace(/\/$/, '')}/${options.file}`
  const existing = path === undefined ? undefined : image.files.get(path)
  const db = new SQL.Database(existing)
  const stdout = new CappedOutput(request.outputBytes)
  const stderr = new CappedOutput(request.outputBytes)
  const input = options.inputs.length > 0 ? options.inputs.flatMap((arg) => (arg.trimStart().startsWith('.') ? [arg.trim()] : [arg])) : units(new TextDecoder().decode(request.stdin))
  let exitCode = 0
  try {
    for (const unit of input) {
      if (unit.startsWith('.')) dotCommand(db, unit, options.format, stdout)
      else runSql(db, unit, options.format, stdout)
    }
  } catch (error) {
    if (!(error instanceof Quit)) {
      stderr.write(`${error instanceof SqlFailure ? error.message : `Error: ${(error as Error).message}`}\n`)
      exitCode = 1
    }
  }
  const after = new Map(image.files)
  if (path !== undefined && !options.readonly) {
    const schema = db.exec('SELECT count(*) FROM sqlite_schema')[0]?.values[0]?.[0]
    if (existing || Number(schema) > 0) after.set(path, db.export())
  }
  db.close()
  return { kind: 'result', stdout: stdout.text(), stderr: stderr.text(), exitCode, ...image.diff(after) }
}
