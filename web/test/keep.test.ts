// What the page keeps across reloads (keep.ts), on a Storage in memory
// with a quota: a reload finds its tab's transcript, a new tab the one
// kept last, two tabs do not overwrite each other, the oldest tabs are
// dropped beyond maxTabs or when the storage is full, and what is not
// ours is ignored. Run by npm run test:unit.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Keeper, maxKept, maxTabs, type Kept } from "../src/keep";

/** A Storage in memory holding at most quota characters of keys and values. */
class MemoryStorage implements Storage {
  private m = new Map<string, string>();
  constructor(private quota = Infinity) {}
  get length() {
    return this.m.size;
  }
  key(i: number) {
    return [...this.m.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    let used = 0;
    for (const [kk, vv] of this.m) if (kk !== k) used += kk.length + vv.length;
    if (used + k.length + v.length > this.quota) {
      const e = new Error("quota");
      e.name = "QuotaExceededError";
      throw e;
    }
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
  clear() {
    this.m.clear();
  }
}

const doc = (name: string, text = `# ${name}\n1\n\n3\nL1\nQUIT\n`, dirty = true): Kept => ({ name, text, anchor: 3, dirty });

let clock = 1000;
const now = () => ++clock;

test("a reload finds its tab's transcript", () => {
  const store = new MemoryStorage();
  const session = new MemoryStorage();
  assert.equal(new Keeper(store, session, now).restore(), undefined);
  assert.equal(new Keeper(store, session, now).keep(doc("mine.pousse")), "");
  assert.deepEqual(new Keeper(store, session, now).restore(), doc("mine.pousse"));
});

test("two tabs keep their own; a new tab shows the one kept last", () => {
  const store = new MemoryStorage();
  const a = new Keeper(store, new MemoryStorage(), now);
  const b = new Keeper(store, new MemoryStorage(), now);
  a.keep(doc("a.pousse"));
  b.keep(doc("b.spot"));
  a.keep(doc("a.pousse", "1\n\n4\nQUIT\n"));
  assert.equal(b.restore()?.name, "b.spot");
  assert.equal(a.restore()?.text, "1\n\n4\nQUIT\n");
  assert.equal(new Keeper(store, new MemoryStorage(), now).restore()?.name, "a.pousse");
});

test("beyond maxTabs, the tabs written to least recently are dropped", () => {
  const store = new MemoryStorage();
  const tabs = Array.from({ length: maxTabs + 3 }, () => new Keeper(store, new MemoryStorage(), now));
  tabs.forEach((t, i) => t.keep(doc(`t${i}.pousse`)));
  assert.equal(store.length, maxTabs);
  assert.equal(tabs[0].restore()?.name, `t${maxTabs + 2}.pousse`, "the first tab's entry is gone: the latest is shown");
  assert.equal(tabs[maxTabs + 2].restore()?.name, `t${maxTabs + 2}.pousse`);
});

test("a full storage drops the oldest tabs, then says so", () => {
  const store = new MemoryStorage(600);
  const old = new Keeper(store, new MemoryStorage(), now);
  const mine = new Keeper(store, new MemoryStorage(), now);
  assert.equal(old.keep(doc("old.pousse", "x".repeat(300))), "");
  assert.equal(mine.keep(doc("mine.pousse", "y".repeat(300))), "", "the old tab's entry makes room");
  assert.equal(store.length, 1);
  assert.equal(old.restore()?.name, "mine.pousse");
  const why = mine.keep(doc("mine.pousse", "z".repeat(1000)));
  assert.match(why, /storage for the page is full/);
  assert.equal(store.length, 0, "a transcript that does not fit leaves no stale copy");
});

test("what is not ours, or is broken, is ignored", () => {
  const store = new MemoryStorage();
  store.setItem("other.app", "{}");
  store.setItem("gamels.tab.broken", "{not json");
  store.setItem("gamels.tab.wrong", JSON.stringify({ name: 3, text: "x", at: 5 }));
  const session = new MemoryStorage();
  const k = new Keeper(store, session, now);
  assert.equal(k.restore(), undefined);
  store.setItem("gamels.tab." + session.getItem("gamels.tab"), JSON.stringify({ name: "a.path", text: "abc", anchor: 99, at: 1 }));
  assert.deepEqual(k.restore(), { name: "a.path", text: "abc", anchor: 3, dirty: false }, "the cursor is clamped to the text");
  assert.equal(store.getItem("other.app"), "{}");
});

test("a transcript over maxKept is not kept, nor is an older copy of it", () => {
  const store = new MemoryStorage();
  const other = new Keeper(store, new MemoryStorage(), now);
  const mine = new Keeper(store, new MemoryStorage(), now);
  other.keep(doc("other.pousse"));
  mine.keep(doc("mine.pousse"));
  assert.match(mine.keep(doc("mine.pousse", "x".repeat(maxKept + 1))), /larger than the 2 MiB/);
  assert.equal(store.length, 1, "the other tab's transcript stays");
  assert.equal(mine.restore()?.name, "other.pousse", "no stale copy of the large one");
});
