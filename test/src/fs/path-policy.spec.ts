// Path arithmetic: normalizePath's fast path (already-normal input) must agree with the full
// split/collapse on every input, and the input checks keep their exact limits.
import { describe, expect, it } from 'vitest'
import { assertValidPathInput, collapsePath, MAX_NAME_LENGTH, MAX_PATH_LENGTH, normalizePath, resolvePath } from '../../../src/fs/path-policy.ts'

const collapse = collapsePath

const PIECES = ['', '/', '/', '.', '..', 'a', 'b.c', '.x', '..y', 'z..', '...', ' ']

function randomPath(random: () => number): string {
  let path = ''
  const length = Math.floor(random() * 9)
  for (let i = 0; i < length; i++) path += PIECES[Math.floor(random() * PIECES.length)]! + (random() < 0.6 ? '/' : '')
  return path
}

function seeded(seed: number): () => number {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
}

describe('path-policy', () => {
  it('normalizePath collapses ., .., repeated and trailing slashes, never above /', () => {
    expect(normalizePath('/workspace/src/a.ts')).toBe('/workspace/src/a.ts')
    expect(normalizePath('/')).toBe('/')
    expect(normalizePath('')).toBe('/')
    expect(normalizePath('a/b')).toBe('/a/b')
    expect(normalizePath('/a//b/')).toBe('/a/b')
    expect(normalizePath('/a/./b/.')).toBe('/a/b')
    expect(normalizePath('/a/../../b/..')).toBe('/')
    expect(normalizePath('/workspace/../etc/x')).toBe('/etc/x')
    expect(normalizePath('/.hidden/..x/y..')).toBe('/.hidden/..x/y..')
  })

  it('normalizePath agrees with the full collapse on 20,000 random paths', () => {
    const random = seeded(6)
    for (let i = 0; i < 20_000; i++) {
      const path = randomPath(random)
      const absolute = `/${path}`
      expect(normalizePath(path), path).toBe(collapse(path))
      expect(normalizePath(absolute), absolute).toBe(collapse(absolute))
      expect(resolvePath('/workspace', path), path).toBe(collapse(path.startsWith('/') ? path : `/workspace/${path}`))
    }
  })

  it('assertValidPathInput refuses empty, NUL, over-long names and paths at the exact limits', () => {
    const name = 'n'.repeat(MAX_NAME_LENGTH)
    expect(() => assertValidPathInput(name)).not.toThrow()
    expect(() => assertValidPathInput(`/${name}/${name}`)).not.toThrow()
    expect(() => assertValidPathInput(`${name}n`)).toThrow('names are limited to 255 characters')
    expect(() => assertValidPathInput(`/a/${name}n/b`)).toThrow('names are limited to 255 characters')
    expect(() => assertValidPathInput(`/${'a/'.repeat(MAX_PATH_LENGTH / 2)}`)).toThrow('paths to 4096')
    expect(() => assertValidPathInput('/a\u0000b')).toThrow('paths may not contain NUL bytes')
    expect(() => assertValidPathInput('')).toThrow('a path must be a non-empty string')
  })
})
