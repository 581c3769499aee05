// Goal: a 50,000-agent reconnect after a server restart, all back within 60 s. The benchmark is
// bench/reconnect-storm.mjs (its header says how it measures) at this size and goal; BENCH_AGENTS
// and BENCH_BUDGET_S still override them for development runs.
process.env.BENCH_AGENTS ??= '50000';
process.env.BENCH_BUDGET_S ??= '60';
await import('./reconnect-storm.mjs');
