// Share links: the transcript, deflate-compressed (CompressionStream) and
// base64url-encoded, with its file name and the cursor's line and column,
// in the URL fragment, so that the link opens the same text at the same
// move and nothing of it is sent to a server:
//
//	#f=sample.pousse&at=5:1&z=eJzT...
//
// Decoding checks everything: a fragment that is not ours, bad base64,
// data that does not inflate, text larger than maxShared or not UTF-8
// each give a ShareError with a message for the user.

export interface Shared {
  name: string;
  text: string;
  line: number; // 0-based
  character: number; // 0-based
}

export class ShareError extends Error {}

/** The largest transcript a link may inflate to (a guard against a bomb). */
export const maxShared = 16 << 20;

export async function encodeShare(s: Shared): Promise<string> {
  const z = await compress(new TextEncoder().encode(s.text));
  const p = new URLSearchParams();
  p.set("f", s.name);
  p.set("at", `${s.line + 1}:${s.character + 1}`);
  p.set("z", base64url(z));
  return "#" + p.toString();
}

/** isShare tells whether a fragment is meant as a share link. */
export function isShare(hash: string): boolean {
  return new URLSearchParams(hash.replace(/^#/, "")).has("z");
}

export async function decodeShare(hash: string): Promise<Shared> {
  const p = new URLSearchParams(hash.replace(/^#/, ""));
  const z = p.get("z");
  if (!z) throw new ShareError("the link holds no transcript");
  const name = p.get("f") || "shared.pousse";
  if (!/^[^/\\]{1,200}$/.test(name)) throw new ShareError("the link's file name is not a file name");
  const at = /^(\d{1,9}):(\d{1,9})$/.exec(p.get("at") ?? "1:1");
  if (!at) throw new ShareError("the link's position is not LINE:COLUMN");
  let bytes: Uint8Array;
  try {
    bytes = fromBase64url(z);
  } catch {
    throw new ShareError("the link's transcript is not base64url");
  }
  let raw: Uint8Array;
  try {
    raw = await decompress(bytes);
  } catch (e) {
    if (e instanceof ShareError) throw e;
    throw new ShareError("the link's transcript does not decompress (the link is cut or damaged)");
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    throw new ShareError("the link's transcript is not UTF-8 text");
  }
  return { name, text, line: Number(at[1]) - 1, character: Number(at[2]) - 1 };
}

async function compress(data: Uint8Array): Promise<Uint8Array> {
  const s = new Blob([data as BlobPart]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(s).arrayBuffer());
}

async function decompress(data: Uint8Array): Promise<Uint8Array> {
  const r = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream("deflate")).getReader();
  const parts: Uint8Array[] = [];
  let n = 0;
  for (;;) {
    const { done, value } = await r.read();
    if (done) break;
    n += value.length;
    if (n > maxShared) {
      void r.cancel();
      throw new ShareError(`the link's transcript is larger than ${maxShared >> 20} MiB`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function base64url(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(s: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new Error("bad base64url");
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
