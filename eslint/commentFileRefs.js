// An eslint rule: a comment that names a file (`docs/metrics.md`, `src/background/leases.ts`) names one that is
// in the repository, so a reader can open it. A path with a folder is looked up from the repository's root and
// from the commented file's folder and those above it; a bare document's name (`metrics.md`) anywhere in the
// repository. A bare `x.json` or `x.js` may be an expression (`response.json`) or a package (`ipaddr.js`), so it
// is not checked; nor are URLs and URL paths (`/v1/openapi.json`).
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIPPED = new Set(['node_modules', '.git', 'data', 'dist', 'coverage']);
const FILE_NAME = /(?<![\w@./:-])((?:[\w@-]+\/)*[\w-][\w.-]*\.(?:md|ts|tsx|js|mjs|cjs|json|ya?ml|sql|html|css))(?![\w/(-])/g;

const CODE = /\.(?:ts|tsx|js|mjs|cjs|json)$/;

let basenames;
function repositoryBasenames() {
  if (basenames) return basenames;
  basenames = new Set();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(join(folder, entry.name));
      } else basenames.add(entry.name);
    }
  };
  walk(ROOT);
  return basenames;
}

function exists(name, fromFile) {
  if (existsSync(join(ROOT, 'node_modules', name))) return true;
  if (!name.includes('/')) return CODE.test(name) ? true : repositoryBasenames().has(name);
  const candidates = [join(ROOT, name)];
  for (let folder = dirname(fromFile); !relative(ROOT, folder).startsWith('..'); folder = dirname(folder)) {
    candidates.push(join(folder, name));
    if (folder === ROOT) break;
  }
  if (/\.js$/.test(name)) candidates.push(...candidates.map((path) => path.replace(/\.js$/, '.ts')));
  return candidates.some((path) => existsSync(path) && !relative(ROOT, path).startsWith('..'));
}

export const commentFileRefs = {
  meta: {
    type: 'problem',
    docs: { description: 'Comments name only files that are in the repository' },
    messages: { missing: 'This comment names {{name}}, which is not in the repository: state the rule itself, or link the docs/ page that does' },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          for (const match of comment.value.matchAll(FILE_NAME)) {
            const name = match[1];
            if (name.startsWith('node:') || exists(name, context.filename)) continue;
            context.report({ loc: comment.loc, messageId: 'missing', data: { name } });
          }
        }
      },
    };
  },
};

export default { rules: { 'comment-file-refs': commentFileRefs } };
