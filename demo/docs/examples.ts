/**
 * The code examples of the docs demo: shown on the page and seeded, byte for byte, into the agent's
 * workspace, so what the reader sees is what the agent reads and runs. Plane: main; data only.
 * @module demo/docs/examples
 */
export interface DocExample {
  path: string
  title: string
  text: string
  content: string
}

export const examples: readonly DocExample[] = [
  {
    path: 'examples/word-count.sh',
    title: 'Count the words in a file',
    text: '`wc -w` counts whitespace-separated words; reading from standard input prints the bare number.',
    content: '#!/bin/sh\n# Count the words in poem.txt\nwc -w < examples/poem.txt\n',
  },
  {
    path: 'examples/top-words.sh',
    title: 'Find the most frequent words',
    text: 'Split into one word per line, lower-case it, then count and sort the counts.',
    content: '#!/bin/sh\n# The three most frequent words in poem.txt\ntr -cs "A-Za-z" "\\n" < examples/poem.txt \\\n  | tr "A-Z" "a-z" \\\n  | sort | uniq -c | sort -rn | head -3\n',
  },
  {
    path: 'examples/poem.txt',
    title: 'The sample text',
    text: 'Both examples read this file.',
    content: 'The rain in the valley\nfalls on the roof, on the road,\nand on the river in the valley.\n',
  },
]

/** The workspace the docs agent starts with: every example at its path. */
export const exampleFiles: Record<string, string> = Object.fromEntries(examples.map((e) => [e.path, e.content]))
