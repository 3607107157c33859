import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { constants, PerformanceObserver, performance } from 'node:perf_hooks';
import { mainThreadCpuSeconds } from './processStats.js';

/**
 * Runs `work` under V8's CPU profiler and its sampling heap profiler (allocations, collected ones included)
 * when `GEOLENS_BENCH_PROFILE` names a folder, and writes `<name>.cpuprofile` and `<name>.heapprofile` there
 * (open them in Chrome's DevTools); otherwise just runs it. Only this thread is profiled, and profiling slows it.
 */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const folder = process.env.GEOLENS_BENCH_PROFILE;
  if (!folder) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 65_536, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    const { profile: heap } = await session.post('HeapProfiler.stopSampling');
    session.disconnect();
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
    await writeFile(join(folder, `${name}.heapprofile`), JSON.stringify(heap));
    console.error(`profiles of ${name}: ${join(folder, name)}.cpuprofile and .heapprofile`);
  }
}

/** Where a stretch of work's time went: wall seconds, CPU seconds of the whole process (worker threads too), GC pauses of this thread. */
export interface WorkCosts {
  seconds: number;
  cpuSeconds: number;
  /** Of which this (the main) thread's: the rest is worker threads' and V8's helper threads' (garbage collection). */
  mainThreadCpuSeconds: number;
  mainThreadGcSeconds: number;
  /** Of which young-generation collections (scavenges): what survives them is copied. */
  mainThreadMinorGcSeconds: number;
}

/** Runs `work` (profiled under `name`, see above) and measures its costs. */
export async function measured(name: string, work: () => Promise<void>): Promise<WorkCosts> {
  let gcMs = 0;
  let minorGcMs = 0;
  const observer = new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      gcMs += entry.duration;
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minorGcMs += entry.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const cpu = process.cpuUsage();
  const mainCpu = mainThreadCpuSeconds();
  const started = performance.now();
  try {
    await profiled(name, work);
    const seconds = (performance.now() - started) / 1_000;
    const { user, system } = process.cpuUsage(cpu);
    // Entries are delivered asynchronously: one turn lets the last ones in.
    await new Promise((resolve) => setImmediate(resolve));
    return { seconds, cpuSeconds: (user + system) / 1e6, mainThreadCpuSeconds: mainThreadCpuSeconds() - mainCpu, mainThreadGcSeconds: gcMs / 1_000, mainThreadMinorGcSeconds: minorGcMs / 1_000 };
  } finally {
    observer.disconnect();
  }
}
