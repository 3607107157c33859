import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const CLOCK_TICKS_PER_SECOND = 100;

/** User plus system CPU seconds in a `/proc/…/stat` line (fields 14 and 15, after the command name). */
function statCpuSeconds(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** User plus system CPU seconds of a process, from `/proc/<pid>/stat`. */
export async function cpuSeconds(pid: number): Promise<number> {
  return statCpuSeconds(await readFile(`/proc/${pid}/stat`, 'utf8'));
}

/** User plus system CPU seconds of this process's main thread (whose thread id is the process id), from `/proc`. */
export function mainThreadCpuSeconds(): number {
  return statCpuSeconds(readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8'));
}

/** Peak resident set size of a process so far, in MB (`VmHWM`). */
export async function peakRssMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** Resets the peak RSS the kernel keeps for a process (`VmHWM`) to its current RSS, so a peak measures what follows. */
export async function resetPeakRss(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5');
}

/** Waits until a process spends less than `busyFraction` of a core over a second (its start-up work done). */
export async function untilIdle(pid: number, busyFraction = 0.05, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let before = await cpuSeconds(pid); Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = await cpuSeconds(pid);
    if (after - before < busyFraction) return;
    before = after;
  }
}
