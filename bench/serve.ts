/**
 * The app process bench/run.ts forks: the app itself (serve-app.ts), or with BENCH_WORKERS=N > 1 a supervisor of
 * N cluster workers that each run it and share the port, as `npm start` does with WEB_CONCURRENCY=N
 * (serve-cluster.ts).
 */
import cluster from 'node:cluster';

const workers = Number(process.env.BENCH_WORKERS ?? 1);
if (workers > 1 && cluster.isPrimary) await (await import('./serve-cluster')).supervise(workers);
else await import('./serve-app');
