// What the page keeps across reloads: the transcript each tab shows (its
// file name, text and cursor, and whether it has edits not saved to a
// file), in localStorage under the tab's own key, so that two tabs do not
// overwrite each other's work. The tab's key lives in sessionStorage,
// which a reload keeps; a new tab, or the browser started again, shows
// the transcript kept last by any tab. The entries of the tabs written to
// least recently are dropped beyond maxTabs, or when the storage is full.

export interface Kept {
  name: string;
  text: string;
  /** The cursor, an offset in text. */
  anchor: number;
  /** The text has edits not saved to a file. */
  dirty: boolean;
}

/** How many tabs' transcripts are kept. */
export const maxTabs = 8;

/**
 * The longest text kept (in UTF-16 code units, as the browsers count
 * their quota of about 5 MiB per site): a larger one is not kept, rather
 * than have it push every other tab's transcript out.
 */
export const maxKept = 2 << 20;

const prefix = "gamels.tab.";

interface Entry extends Kept {
  /** When it was written (ms since the epoch). */
  at: number;
}

export class Keeper {
  private readonly key: string;

  /**
   * store is localStorage; session is sessionStorage (the tab's key);
   * now the clock.
   */
  constructor(
    private readonly store: Storage,
    session: Storage,
    private readonly now: () => number = Date.now,
  ) {
    let tab = session.getItem("gamels.tab");
    if (!tab) {
      tab = Math.random().toString(36).slice(2, 10) + now().toString(36);
      session.setItem("gamels.tab", tab);
    }
    this.key = prefix + tab;
  }

  /** restore returns this tab's transcript, else the one kept last by any tab. */
  restore(): Kept | undefined {
    const own = this.read(this.key);
    if (own) return strip(own);
    const latest = this.entries().sort((a, b) => b.at - a.at)[0];
    return latest && strip(latest);
  }

  /**
   * keep writes k as this tab's transcript. It returns "" when written,
   * else why not (the browser's storage is full even with every other
   * tab's transcript dropped, or unavailable).
   */
  keep(k: Kept): string {
    if (k.text.length > maxKept) {
      this.store.removeItem(this.key);
      return `it is larger than the ${maxKept >> 20} MiB the page keeps`;
    }
    const value = JSON.stringify({ ...k, at: this.now() } satisfies Entry);
    const others = this.entries()
      .filter((e) => e.key !== this.key)
      .sort((a, b) => a.at - b.at);
    // Beyond maxTabs, the oldest go first.
    while (others.length >= maxTabs) this.store.removeItem(others.shift()!.key);
    for (;;) {
      try {
        this.store.setItem(this.key, value);
        return "";
      } catch (e) {
        const oldest = others.shift();
        if (!oldest) {
          this.store.removeItem(this.key);
          return e instanceof Error && e.name === "QuotaExceededError" ? "the browser's storage for the page is full" : String(e);
        }
        this.store.removeItem(oldest.key);
      }
    }
  }

  private entries(): (Entry & { key: string })[] {
    const out: (Entry & { key: string })[] = [];
    for (let i = 0; i < this.store.length; i++) {
      const key = this.store.key(i);
      if (!key?.startsWith(prefix)) continue;
      const e = this.read(key);
      if (e) out.push({ ...e, key });
    }
    return out;
  }

  /** read returns the entry under key, or undefined when absent or not one of ours. */
  private read(key: string): Entry | undefined {
    let e: unknown;
    try {
      e = JSON.parse(this.store.getItem(key) ?? "null");
    } catch {
      return undefined;
    }
    if (!e || typeof e !== "object") return undefined;
    const { name, text, anchor, dirty, at } = e as Record<string, unknown>;
    if (typeof name !== "string" || typeof text !== "string" || typeof at !== "number") return undefined;
    return { name, text, anchor: typeof anchor === "number" ? Math.max(0, Math.min(anchor, text.length)) : 0, dirty: dirty === true, at };
  }
}

function strip(e: Entry): Kept {
  return { name: e.name, text: e.text, anchor: e.anchor, dirty: e.dirty };
}
