/**
 * Query terms and how an indexed word matches one: Pagefind stores stemmed words ("instal" for
 * "installing"), and our reader has no stemmer, so a word matches a term it starts (a prefix
 * search) or a term that starts with it when it covers most of the term (a stem). Plane: shared; pure.
 * @module tool-site-search/search-terms
 */

/** A word shorter than this share of the term is no stem of it ("in" is no stem of "install"). */
const STEM_SHARE = 0.6
const MIN_STEM = 3

/** Lower-cased words of a query (letters, digits, `_`), each once. */
export function queryTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().normalize('NFKC').split(/[^\p{L}\p{N}_]+/u).filter((word) => word.length > 0))]
}

const stemLength = (term: string) => Math.min(term.length, Math.max(MIN_STEM, Math.ceil(term.length * STEM_SHARE)))

export function matchesTerm(word: string, term: string): boolean {
  return word.startsWith(term) || (term.startsWith(word) && word.length >= stemLength(term))
}

/** The sorted range of indexed words that can match `term` (for choosing index chunks). */
export function termRange(term: string): { from: string; to: string } {
  return { from: term.slice(0, stemLength(term)), to: `${term}\uffff` }
}
