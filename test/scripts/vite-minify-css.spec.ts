// The styles of Lit `css` templates ship minified: comments and whitespace go, quoted strings and
// the descendant combinator before a pseudo-class stay, and `${…}` parts keep what separates them.
import { describe, expect, it } from 'vitest'
import { minifyCss, minifyCssTemplates } from '../../scripts/vite-minify-css.ts'

type Transform = (code: string, id: string) => { code: string } | undefined
const transform = (code: string, id = '/x/a.styles.ts') => (minifyCssTemplates.transform as unknown as Transform).call({}, code, id)

describe('minifyCss', () => {
  it('drops comments and collapses whitespace around braces, semicolons and commas', () => {
    expect(minifyCss(`
      /* the host */
      :host { display: block;  color : red ; }
      a, b { margin: 0 auto !important; }
    `)).toBe(':host{display: block;color : red;}a,b{margin: 0 auto!important;}')
  })

  it('keeps quoted strings as written and the space of a descendant combinator', () => {
    expect(minifyCss(`.base { grid-template: 'header   header' auto; content: "/* not a comment */"; }`))
      .toBe(`.base{grid-template: 'header   header' auto;content: "/* not a comment */";}`)
    expect(minifyCss(':host :not([open]) .x { }')).toBe(':host :not([open]) .x{}')
  })

  it('names an unterminated comment or string', () => {
    expect(() => minifyCss('a { } /* open')).toThrow('an unterminated CSS comment')
    expect(() => minifyCss("a { content: 'x }")).toThrow('an unterminated CSS string')
  })
})

describe('minifyCssTemplates', () => {
  it('rewrites only the css templates of *.styles.ts files, keeping interpolations and the space beside them', () => {
    const code = "export const s = css`\n  :host {\n    ${light}\n  }\n  :host([theme='dark']) { ${dark} color-scheme: dark; }\n`\nconst other = `  keep  me  `\n"
    expect(transform(code)?.code).toBe("export const s = css`:host{ ${light} }:host([theme='dark']){ ${dark} color-scheme: dark;}`\nconst other = `  keep  me  `\n")
    expect(transform(code, '/x/a.ts')).toBeUndefined()
  })

  it('fails the build naming the file when a template cannot be read', () => {
    expect(() => transform('css`a { /* open `')).toThrow('/x/a.styles.ts: an unterminated CSS comment in a css template')
  })
})
