/** The figures bench/run.ts collects per distribution and the summary it prints at the end. */
import type { AnswerStats, AppProcess } from './app-load';
import type { DistributionKey } from './distributions';
import { mean, type Figures } from './measure';

export const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export interface Row {
  round: number;
  what: 'app' | 'plain' | 'app SQL';
  figures: Figures;
}

export interface Summary {
  dist: DistributionKey;
  rows: Row[];
  answers: AnswerStats;
  app: AppProcess;
  rssWarm: number;
  heapWarm: number;
  rssEnd: number;
  reconcileMs: number;
}

const range = (values: number[], digits = 2) =>
  values.length
    ? `${mean(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`
    : '–';

export function printSummary(s: Summary, kind: 'postgres' | 'pglite') {
  const of = (what: Row['what']) => s.rows.filter((r) => r.what === what).map((r) => r.figures);
  const app = of('app');
  const plain = of('plain');
  const appSql = of('app SQL');
  const ratios = app.map((f, i) => f.rps / plain[i]!.rps);
  console.log(`\n${s.dist}: app / plain throughput ${range(ratios)}×   (goal: ≥ 1.0×)`);
  console.log(
    `  app    req/s ${range(
      app.map((f) => f.rps),
      0,
    )}  p99 ${app.map((f) => f.p99.toFixed(1)).join(', ')} ms  (moonshot: ≤ 25 ms PostgreSQL, ≤ 50 ms PGlite)`,
  );
  console.log(
    `  plain  q/s   ${range(
      plain.map((f) => f.rps),
      0,
    )}  p99 ${plain.map((f) => f.p99.toFixed(1)).join(', ')} ms`,
  );
  if (kind === 'postgres') {
    console.log(
      `  PG CPU ms per request: app ${range(
        app.map((f) => f.pgCpuMs),
        3,
      )}, plain ${range(
        plain.map((f) => f.pgCpuMs),
        3,
      )}`,
    );
    console.log(
      `  app CPU ms per request: ${range(
        app.map((f) => f.appCpuMs),
        3,
      )}; client CPU ms per plain query ${range(
        plain.map((f) => f.clientCpuMs),
        3,
      )}`,
    );
    const sqlRatios = appSql.map((f, i) => f.pgCpuMs / plain[i]!.pgCpuMs);
    console.log(
      `  SQL only: app statement ${range(
        appSql.map((f) => f.rps),
        0,
      )} q/s, PG CPU ${range(
        appSql.map((f) => f.pgCpuMs),
        3,
      )} ms/q; ` + `app statement / plain PG CPU ${range(sqlRatios)}×   (target ≤ 1.2×)`,
    );
  } else {
    console.log(
      `  process CPU ms per request: app ${range(
        app.map((f) => f.appCpuMs),
        3,
      )}, plain ${range(
        plain.map((f) => f.appCpuMs),
        3,
      )}`,
    );
  }
  const a = s.answers;
  console.log(
    `  answers: ${a.withStories} of ${a.answers} had stories, mean ${(a.stories / (a.answers || 1)).toFixed(1)} stories; ` +
      `app ready ${(s.app.readyMs / 1000).toFixed(1)} s, index ready ${(s.app.indexReadyMs / 1000).toFixed(1)} s; ` +
      `RSS ${MB(s.rssWarm)} (heap ${MB(s.heapWarm)}) → ${MB(s.rssEnd)}` +
      (s.reconcileMs >= 0 ? `; reconciliation ${(s.reconcileMs / 1000).toFixed(2)} s` : ''),
  );
}
