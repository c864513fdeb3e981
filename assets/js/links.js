// Links into the app.  Everything rides in the URL's #fragment, which browsers never send to
// a server:
//   #play=<game>      start a new game of <game> at one device
//   #r=<code>         open a game record: its JSON, deflate-compressed, in base64url
//   #record=<code>    the same without compression (links made before compression)
//   #m=<code>         a move link (play by link): a record as #r=, opened for the seat to
//                     move, the other seats playing on their own devices
//   #words=<code>     a teacher's word list (UTF-8 text in base64url) for Wort-Reversi
//   #lang=<code>      the language of the page (en, de), remembered
//   #projector        projector mode on (#projector=off: off), remembered
// parseLink() turns a fragment into what it asks for, or into an error that names what is
// wrong; recordLink() makes the shortest link for a record the browser can make.

const MAX_LINK = 200_000; // characters: longer fragments are refused unread

/** Bytes as base64url text (no padding). */
export function toBase64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** base64url text as bytes; throws on anything else. */
export function fromBase64url(code) {
  if (!/^[\w-]*$/.test(code)) throw new Error("not base64url");
  return Uint8Array.from(atob(code.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
}

const utf8 = (bytes) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

const canCompress = () => typeof CompressionStream === "function";

/**
 * What a fragment asks for: {kind: "none"} | {kind: "play", game} | {kind: "record", record, byLink}
 * | {kind: "words", text} | {kind: "lang", code} | {kind: "projector", on}
 * | {kind: "error", problem, key}.  `problem` is a strings.js key
 * (linkDamaged, linkUnknown, linkTooLong) and `key` the link's name as typed.
 */
export async function parseLink(hash) {
  const fragment = hash.replace(/^#/, "");
  if (!fragment) return { kind: "none" };
  const eq = fragment.indexOf("=");
  const typed = eq < 0 ? fragment : fragment.slice(0, eq);
  let key = typed.slice(0, 40); // as typed while it cannot be decoded (e.g. "100%")
  const value = eq < 0 ? "" : fragment.slice(eq + 1);
  if (fragment.length > MAX_LINK) return { kind: "error", problem: "linkTooLong", key };
  try {
    key = decodeURIComponent(typed).slice(0, 40); // a stray % throws: a damaged link
    switch (key) {
      case "play":
        if (!/^\w+$/.test(value)) throw new Error("no game named");
        return { kind: "play", game: value };
      case "r":
      case "m": {
        if (!canCompress()) return { kind: "error", problem: "linkNeedsNewerBrowser", key };
        const bytes = await pipe(fromBase64url(value), new DecompressionStream("deflate-raw"));
        return { kind: "record", record: JSON.parse(utf8(bytes)), byLink: key === "m" };
      }
      case "record":
        return { kind: "record", record: JSON.parse(utf8(fromBase64url(value))), byLink: false };
      case "words":
        return { kind: "words", text: utf8(fromBase64url(value)) };
      case "lang":
        return { kind: "lang", code: value.toLowerCase() };
      case "projector":
        if (!["", "on", "off"].includes(value)) throw new Error("on or off");
        return { kind: "projector", on: value !== "off" };
      default:
        return { kind: "error", problem: "linkUnknown", key };
    }
  } catch {
    return { kind: "error", problem: "linkDamaged", key };
  }
}

/** The page's own address with `fragment` (e.g. "#play=ponte"), for sharing. */
export function linkTo(fragment) {
  return `${location.origin}${location.pathname}${fragment}`;
}

async function compressed(record) {
  const json = new TextEncoder().encode(JSON.stringify(record));
  return toBase64url(await pipe(json, new CompressionStream("deflate-raw")));
}

/** A link that opens `record`: compressed (#r=) where the browser can, else #record=. */
export async function recordLink(record) {
  if (!canCompress()) {
    return linkTo(`#record=${toBase64url(new TextEncoder().encode(JSON.stringify(record)))}`);
  }
  return linkTo(`#r=${await compressed(record)}`);
}

/** A move link: `record` for the seat to move to open and answer (needs compression). */
export async function moveLink(record) {
  return linkTo(`#m=${await compressed(record)}`);
}

/** A link that hands a teacher's word list to another browser. */
export function wordsLink(text) {
  return linkTo(`#words=${toBase64url(new TextEncoder().encode(text))}`);
}
