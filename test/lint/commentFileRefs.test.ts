import { describe } from '@jest/globals';
import { RuleTester } from 'eslint';
import { fileURLToPath } from 'node:url';
import { commentFileRefs } from '../../eslint/commentFileRefs.js';

const here = fileURLToPath(import.meta.url);
const tester = new RuleTester();

describe('the comment-file-refs lint rule', () => {
  tester.run('comment-file-refs', commentFileRefs, {
    valid: [
      { code: '// Stated in docs/metrics.md.\nconst a = 1;', filename: here },
      { code: '/** See metrics.md and src/background/leases.ts. */\nconst a = 1;', filename: here },
      { code: '// `response.json` reads the body; ipaddr.js parses; GET /v1/openapi.json answers it.\nconst a = 1;', filename: here },
      { code: '// https://example.com/spec/contract.md is a URL.\nconst a = 1;', filename: here },
      { code: '// ../../eslint/commentFileRefs.js, from this folder.\nconst a = 1;', filename: here },
    ],
    invalid: [
      { code: '// As contract.md section 4 says.\nconst a = 1;', filename: here, errors: [{ messageId: 'missing', data: { name: 'contract.md' } }] },
      { code: '/* interface.md: "Brand report" */\nconst a = 1;', filename: here, errors: [{ messageId: 'missing', data: { name: 'interface.md' } }] },
      { code: '// docs/nowhere.md states it.\nconst a = 1;', filename: here, errors: [{ messageId: 'missing', data: { name: 'docs/nowhere.md' } }] },
      { code: '// src/background/gone.ts does it.\nconst a = 1;', filename: here, errors: [{ messageId: 'missing', data: { name: 'src/background/gone.ts' } }] },
    ],
  });
});
