/**
 * The playground's seed workspace. Plane: main; data only.
 * @module demo/playground/workspace
 */
export const seedFiles: Record<string, string> = {
  'README.md': '# Playground workspace\n\nShell scripts live in `scripts/`, their inputs in `data/`.\nRun a script with `sh scripts/<name>.sh`.\n',
  'data/name.txt': 'Ada\n',
  'scripts/list.sh': '#!/bin/sh\n# Lists the workspace\nfind . -type f | sort\n',
}
