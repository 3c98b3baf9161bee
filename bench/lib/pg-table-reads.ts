import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** Rows PostgreSQL read from one table: by sequential scans and through indexes. */
export interface TableReads {
  seqScans: number;
  seqRows: number;
  indexScans: number;
  indexRows: number;
}

/**
 * What PostgreSQL did for a window, table by table (pg_stat_user_tables of the
 * benchmark database): which tables a request makes it scan, and how many rows.
 * Backends report their counters at most once a second when idle, so the end
 * snapshot waits that long after the load.
 */
export async function tableReads<T>(url: string, fn: () => Promise<T>): Promise<{ result: T; reads: Map<string, TableReads> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const read = async () => {
      const { rows } = await client.query<{
        relname: string;
        seq_scan: string;
        seq_tup_read: string;
        idx_scan: string | null;
        idx_tup_fetch: string | null;
      }>('SELECT relname, seq_scan, seq_tup_read, idx_scan, idx_tup_fetch FROM pg_stat_user_tables');
      return new Map(
        rows.map((r) => [r.relname, [Number(r.seq_scan), Number(r.seq_tup_read), Number(r.idx_scan ?? 0), Number(r.idx_tup_fetch ?? 0)]]),
      );
    };
    const before = await read();
    const result = await fn();
    await sleep(1500);
    const after = await read();
    const reads = new Map<string, TableReads>();
    for (const [table, [seqScans, seqRows, indexScans, indexRows]] of after) {
      const [s0, r0, i0, f0] = before.get(table) ?? [0, 0, 0, 0];
      reads.set(table, { seqScans: seqScans! - s0!, seqRows: seqRows! - r0!, indexScans: indexScans! - i0!, indexRows: indexRows! - f0! });
    }
    return { result, reads };
  } finally {
    await client.end();
  }
}

/** The tables read most, per answered request: "content_stats 1,234 rows (3 seq scans), …". */
export function describeReads(reads: Map<string, TableReads>[], answers: number, top = 4): string {
  const total = new Map<string, TableReads>();
  for (const window of reads) {
    for (const [table, r] of window) {
      const t = total.get(table) ?? { seqScans: 0, seqRows: 0, indexScans: 0, indexRows: 0 };
      total.set(table, {
        seqScans: t.seqScans + r.seqScans,
        seqRows: t.seqRows + r.seqRows,
        indexScans: t.indexScans + r.indexScans,
        indexRows: t.indexRows + r.indexRows,
      });
    }
  }
  const per = (n: number) => (n / answers).toFixed(n / answers < 10 ? 1 : 0);
  return [...total]
    .sort((a, b) => b[1].seqRows + b[1].indexRows - (a[1].seqRows + a[1].indexRows))
    .slice(0, top)
    .map(([table, r]) => `${table} ${per(r.seqRows + r.indexRows)} rows (${per(r.seqScans)} seq + ${per(r.indexScans)} index scans)`)
    .join(', ');
}
