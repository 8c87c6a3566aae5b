import { describe, expect, it } from 'vitest'
import { formatRows, inColumns } from '../../../../src/run-code/worker/sqlite-format.ts'

const columns = ['name', 'qty']
const rows = [['apple', 3], ['pear, "green"', null]]

describe('sqlite3 output modes', () => {
  it('list: | between values, NULL empty, headers when on', () => {
    expect(formatRows({ mode: 'list', headers: false, separator: '|' }, columns, rows)).toBe('apple|3\npear, "green"|\n')
    expect(formatRows({ mode: 'list', headers: true, separator: ';' }, columns, rows)).toBe('name;qty\napple;3\npear, "green";\n')
  })
  it('csv quotes fields with commas and quotes; json is an array of objects with null; line is column = value', () => {
    expect(formatRows({ mode: 'csv', headers: true, separator: '|' }, columns, rows)).toBe('name,qty\napple,3\n"pear, ""green""",\n')
    expect(formatRows({ mode: 'json', headers: false, separator: '|' }, columns, rows)).toBe('[{"name":"apple","qty":3},\n{"name":"pear, \\"green\\"","qty":null}]\n')
    expect(formatRows({ mode: 'line', headers: false, separator: '|' }, columns, rows.slice(0, 1))).toBe('name = apple\n qty = 3\n')
  })
  it('a statement without rows prints nothing; .tables lays names out in columns', () => {
    expect(formatRows({ mode: 'json', headers: false, separator: '|' }, columns, [])).toBe('')
    expect(inColumns(['fruit', 'plenty'])).toBe('fruit   plenty\n')
    expect(inColumns([])).toBe('')
  })
})
