/** Runs one statement in the server's own turn on the embedded database. */
export type RunStatement = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

export interface AutovacuumLog {
  warn(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
}

/**
 * The tables autovacuum would see to now, by PostgreSQL's own rules and settings
 * (`autovacuum_*`): vacuum when dead rows pass `vacuum_threshold + vacuum_scale_factor ×
 * reltuples` or rows inserted since the last vacuum pass the insert threshold; analyze when rows
 * changed since the last analyze pass `analyze_threshold + analyze_scale_factor × reltuples`,
 * or when a table with pages was never analyzed (the counters above live in memory and start at
 * zero after a restart; `reltuples` is -1 until a first vacuum or analyze). A table whose
 * storage parameters say `autovacuum_enabled = false` is left alone, as autovacuum leaves it.
 */
const TABLES_DUE = `
  with setting as (
    select current_setting('autovacuum_vacuum_threshold')::float8 as vacuum_base,
           current_setting('autovacuum_vacuum_scale_factor')::float8 as vacuum_scale,
           current_setting('autovacuum_vacuum_insert_threshold')::float8 as insert_base,
           current_setting('autovacuum_vacuum_insert_scale_factor')::float8 as insert_scale,
           current_setting('autovacuum_analyze_threshold')::float8 as analyze_base,
           current_setting('autovacuum_analyze_scale_factor')::float8 as analyze_scale
  )
  select format('%I.%I', s.schemaname, s.relname) as relation,
         s.n_dead_tup > vacuum_base + vacuum_scale * rows
           or (insert_base >= 0 and s.n_ins_since_vacuum > insert_base + insert_scale * rows) as vacuum,
         s.n_mod_since_analyze > analyze_base + analyze_scale * rows
           or (c.reltuples < 0 and pg_relation_size(c.oid) > 0) as analyze
  from pg_stat_all_tables s
  join pg_class c on c.oid = s.relid
  cross join setting
  cross join lateral (select greatest(c.reltuples, 0) as rows) r
  where c.relkind in ('r', 'm') and c.relpersistence <> 't' and s.schemaname <> 'pg_toast'
    and coalesce(array_to_string(c.reloptions, ','), '') !~* 'autovacuum_enabled=(false|off|no|0)'`;

interface Due {
  relation: string;
  vacuum: boolean;
  analyze: boolean;
}

/** The statement that does what a table is due for. */
function maintenanceOf(due: Due): string | undefined {
  if (due.vacuum) return `vacuum${due.analyze ? ' (analyze)' : ''} ${due.relation}`;
  return due.analyze ? `analyze ${due.relation}` : undefined;
}

/**
 * PostgreSQL's autovacuum for PGlite, which runs no background processes (decision 0464):
 * without it the planner has no statistics for a table that grew (a Discover read at 100,000
 * events ran past its 8 s limit) and dead rows are never reclaimed. Every `autovacuum_naptime`
 * (unless `autovacuum` is off) it asks which tables are due (TABLES_DUE) and vacuums or analyzes
 * each in a turn of its own, so requests go between them.
 */
export function startAutovacuum(run: RunStatement, log?: AutovacuumLog, opts: { napMs?: number } = {}): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function pass(): Promise<void> {
    const { rows } = await run(TABLES_DUE);
    for (const due of rows as unknown as Due[]) {
      if (stopped) return;
      const sql = maintenanceOf(due);
      if (!sql) continue;
      const started = performance.now();
      try {
        await run(sql);
        log?.debug?.({ sql, ms: Math.round(performance.now() - started) }, 'autovacuum');
      } catch (err) {
        // A table dropped since the question, or a statement cancelled: the next pass asks again.
        if (!stopped) log?.warn({ sql, err: (err as Error).message }, 'autovacuum statement failed');
      }
    }
  }

  async function schedule(): Promise<void> {
    try {
      const { rows } = await run(`select current_setting('autovacuum')::bool as enabled,
        extract(epoch from current_setting('autovacuum_naptime')::interval) * 1000 as nap_ms`);
      const setting = rows[0] as { enabled: boolean; nap_ms: number | string };
      if (!setting.enabled || stopped) return;
      const napMs = opts.napMs ?? Number(setting.nap_ms);
      const next = () => {
        timer = setTimeout(() => {
          void pass().catch((err) => stopped || log?.warn({ err: (err as Error).message }, 'autovacuum pass failed')).finally(() => {
            if (!stopped) next();
          });
        }, napMs).unref();
      };
      next();
    } catch (err) {
      if (!stopped) log?.warn({ err: (err as Error).message }, 'autovacuum not started');
    }
  }

  void schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
