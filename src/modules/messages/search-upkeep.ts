import type { Logger } from 'pino';
import type { Db } from '../../db/index.ts';

/** The trigram indexes of message search (migrations 0014 and 0016). */
const SEARCH_INDEXES = ['messages_gid_text', 'messages_dm_text'] as const;
/** How often a node that stored or searched text merges the indexes' pending lists. */
export const CLEAN_EVERY_MS = 1000;
/** Postgres' SQLSTATE for a missing privilege (here: not the index's owner). */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Keeps the pending lists of the search indexes short. A GIN index takes new entries into a
 * pending list and merges them into the index in bulk; when the list passes its limit (4 MB, about
 * 8,000 text messages) the insert that passed it does the merge while its transaction waits:
 * 0.35–1.4 s with a million messages, a stall of every send and delivery behind it. Merged here
 * every second instead, a send never passes the limit (with the same insert load: longest insert
 * 28 ms instead of 785, docs/benchmarks.md). Each node cleans after its own sends; when two clean
 * at once, the second waits for the first and finds little left.
 *
 * Searches read the whole pending list, so a node also cleans after its own searches and once when
 * it starts: rows written behind the nodes' backs (a backup import, a bulk load, another tool) can
 * leave up to the limit pending, about 4 ms more per search at a million messages, and a database
 * whose autovacuum is off would never merge them. Cleaning an empty list costs a few tenths of a
 * millisecond, once a second at most.
 */
export class SearchIndexUpkeep {
  /** Something may have entered the pending lists since the last merge, or a search read them. */
  private due = false;
  private timer: NodeJS.Timeout | undefined;
  private cleaning: Promise<void> | undefined;
  /** A merge failed since the last one that worked: told once, not every second of an outage. */
  private failing = false;
  private merged = 0;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    /** Told how many pending-list pages each clean merged. */
    private readonly onCleaned: (pages: number) => void,
  ) {}

  /** This node stored text messages: their index entries wait in the pending lists. */
  noteStored(): void {
    this.due = true;
  }

  /** This node searched: the search read the pending lists, which may hold what others wrote. */
  noteSearched(): void {
    this.due = true;
  }

  /** Whether a merge is waiting for the next tick or running. */
  get busy(): boolean {
    return this.due || this.cleaning !== undefined;
  }

  /** How many merges this node ran (each of both lists, empty or not). */
  get merges(): number {
    return this.merged;
  }

  /** Whether the timer runs (it stops for good when the role may not merge). */
  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Runs the timer; its first tick merges what was left pending while no node ran. */
  start(everyMs = CLEAN_EVERY_MS): void {
    this.due = true;
    this.timer ??= setInterval(() => void this.tick(), everyMs);
    this.timer.unref();
  }

  /** Merges the pending lists when this node stored or searched text since the last merge (one merge at a time). */
  tick(): Promise<void> {
    if (!this.due || this.cleaning) return this.cleaning ?? Promise.resolve();
    this.due = false;
    this.cleaning = this.clean()
      .then((pages) => {
        this.failing = false;
        this.merged++;
        this.onCleaned(pages);
      })
      .catch((err) => this.failed(err))
      .finally(() => {
        this.cleaning = undefined;
      });
    return this.cleaning;
  }

  private failed(err: unknown): void {
    // Only an index's owner may merge its list: a node connected as another role stops trying.
    if ((err as { code?: unknown }).code === INSUFFICIENT_PRIVILEGE) {
      this.log.warn({ err }, "search index upkeep stopped: this database role does not own the search indexes, so inserts merge GIN's pending lists themselves");
      clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    if (!this.failing) this.log.warn({ err }, 'search index upkeep failed; retried after the next sends or searches');
    this.failing = true;
  }

  /** Merges both pending lists; the number of list pages merged. */
  private async clean(): Promise<number> {
    const sum = SEARCH_INDEXES.map((name) => `gin_clean_pending_list('${name}'::regclass)`).join(' + ');
    const rows = await this.db.query<{ pages: string | number }>(`select (${sum})::int as pages`);
    return Number(rows[0]?.pages ?? 0);
  }

  /** Stops the timer and waits for a merge in progress (before the database closes). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.cleaning;
  }
}
