/**
 * bin/geolens runs dist/ only while the build is current: copied into a temp tree whose dist/ and src/ entries say
 * which one ran, it must pick the sources when there is no build or a source is newer than the build's stamp, and
 * the build otherwise (always, where there are no sources, as in the installed package).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repository = join(import.meta.dirname, '..', '..');
let tree: string;

const ran = (): string => execFileSync(process.execPath, [join(tree, 'bin', 'geolens')], { encoding: 'utf8' }).trim();
const stamp = (at: number): void => writeFileSync(join(tree, 'dist', '.build-stamp'), `${at}\n`);
const touchSource = (at: number): void => utimesSync(join(tree, 'src', 'cli', 'main.ts'), at / 1000, at / 1000);

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'geolens-bin-'));
  for (const folder of ['bin', 'dist/cli', 'src/cli']) mkdirSync(join(tree, folder), { recursive: true });
  copyFileSync(join(repository, 'bin', 'geolens'), join(tree, 'bin', 'geolens'));
  symlinkSync(join(repository, 'node_modules'), join(tree, 'node_modules'));
  writeFileSync(join(tree, 'package.json'), '{"type": "module"}\n');
  writeFileSync(join(tree, 'dist', 'cli', 'main.js'), "process.stdout.write('dist');\n");
  writeFileSync(join(tree, 'src', 'cli', 'main.ts'), "const where: string = 'src';\nprocess.stdout.write(where);\n");
});

afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('bin/geolens picks the build or the sources', () => {
  it('runs the sources when there is no build stamp', () => {
    expect(ran()).toBe('src');
  });

  it('runs the build when no source is newer than the time the build started', () => {
    touchSource(Date.now() - 60_000);
    stamp(Date.now() - 30_000);
    expect(ran()).toBe('dist');
  });

  it('runs the sources once a source is edited after the build started', () => {
    stamp(Date.now() - 30_000);
    touchSource(Date.now() - 10_000);
    expect(ran()).toBe('src');
  });

  it('runs the build where there are no sources, as in the installed package', () => {
    rmSync(join(tree, 'dist', '.build-stamp'));
    rmSync(join(tree, 'src'), { recursive: true });
    expect(ran()).toBe('dist');
  });
});
