/**
 * For the full run: clears the property log before, and after the run writes
 * .hostile/summary.json (properties × runs, regressions, scenarios, duration) and prints it.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { REPORT_DIR } from './support/runs';

interface Entry {
  kind: 'property' | 'regression' | 'scenario';
  name: string;
  runs: number;
  ms: number;
  statuses?: Record<string, number>;
}

export function setup(): () => void {
  const started = Date.now();
  rmSync(`${REPORT_DIR}/properties.jsonl`, { force: true });
  return () => {
    const log = `${REPORT_DIR}/properties.jsonl`;
    const entries: Entry[] = existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Entry)
      : [];
    const properties = entries.filter((e) => e.kind === 'property');
    const summary = {
      date: new Date().toISOString(),
      runs_per_property: properties[0]?.runs ?? 0,
      properties: properties.length,
      total_runs: properties.reduce((n, e) => n + e.runs, 0),
      regressions: entries.filter((e) => e.kind === 'regression').length,
      scenarios: entries.filter((e) => e.kind === 'scenario').length,
      duration_s: Math.round((Date.now() - started) / 1000),
      slowest: [...entries].sort((a, b) => b.ms - a.ms).slice(0, 5).map((e) => `${e.name}: ${(e.ms / 1000).toFixed(1)} s`),
      entries,
    };
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(`${REPORT_DIR}/summary.json`, `${JSON.stringify(summary, null, 2)}\n`);
    console.log(
      `hostile: ${summary.properties} properties × ${summary.runs_per_property} runs (${summary.total_runs} runs), ` +
        `${summary.regressions} regression cases, ${summary.scenarios} scenarios, ${summary.duration_s} s`,
    );
  };
}
