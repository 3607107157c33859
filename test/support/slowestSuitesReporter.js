/* global setImmediate */
// A jest reporter: at the end of a run, the ten slowest test files with their time, so the suites worth making
// faster are named in every run's output (CI's included).
export default class SlowestSuitesReporter {
  onRunComplete(_contexts, results) {
    const suites = results.testResults
      .map((suite) => ({ path: suite.testFilePath, seconds: (suite.perfStats.end - suite.perfStats.start) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    if (suites.length === 0) return;
    const root = process.cwd() + '/';
    const lines = suites.map(({ path, seconds }) => `${seconds.toFixed(1).padStart(7)} s  ${path.replace(root, '')}`);
    // After the summary, which jest's own reporter writes once every reporter's onRunComplete has been called.
    setImmediate(() => process.stderr.write(`\nSlowest test files:\n${lines.join('\n')}\n`));
  }
}
