/** The part of sql.js (which ships no types) the sqlite3 command uses. */
declare module 'sql.js' {
  type SqlValue = number | string | Uint8Array | null
  interface Statement {
    step(): boolean
    get(): SqlValue[]
    getColumnNames(): string[]
    free(): boolean
  }
  interface Database {
    iterateStatements(sql: string): Iterable<Statement>
    exec(sql: string, params?: SqlValue[]): { columns: string[]; values: SqlValue[][] }[]
    export(): Uint8Array
    close(): void
  }
  interface SqlJsStatic { Database: new (data?: Uint8Array) => Database }
  export type { Database, SqlJsStatic, SqlValue, Statement }
  export default function initSqlJs(config?: { locateFile?: (file: string) => string }): Promise<SqlJsStatic>
}
