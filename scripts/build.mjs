// `npm run build` (run by `prepare`): compiles src/ to dist/ with source maps, copies the files the sources read at
// run time (JSON catalogs), and last writes dist/.build-stamp with the time the build started. bin/geolens runs
// dist/ only while no file under src/ is newer than that stamp, so an edit made during or after a build is never
// hidden behind stale JavaScript.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const dist = join(root, 'dist');
const startedAt = Date.now();

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
  const target = join(dist, relative(src, join(entry.parentPath, entry.name)));
  mkdirSync(dirname(target), { recursive: true });
  cpSync(join(entry.parentPath, entry.name), target);
}
writeFileSync(join(dist, '.build-stamp'), `${startedAt}\n`);
