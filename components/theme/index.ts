/**
 * Theme entry: token and base sheets for every element. Plane: main.
 * @module components/theme/index
 */
export { tokens } from './tokens.styles.ts'
export { base } from './base.styles.ts'
