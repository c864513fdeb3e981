// The compact offer and answer of a live table: what one device shows as a QR code (or a
// code to paste, or a link's fragment) so another can connect to it over WebRTC with no
// server.  A data-channel-only session description holds five things that matter — the
// ICE user fragment and password, the DTLS certificate's SHA-256 fingerprint, the DTLS
// role and the host candidates; everything else a browser writes is the same for every
// data channel, so it is left out and written back when the text is read.  The result is
// about 100 characters (a version-6/7 QR code) instead of about 600.  See
// docs/live-table.md ("Pairing codes").  Pure: no DOM, no imports.

/** The code's prefix and version: a code of another version is refused, not misread. */
export const CODE_PREFIX = "T1";
const SEPARATOR = "."; // never in an ICE fragment or password ([A-Za-z0-9+/]) nor base64url
/** @type {Record<string, string>} */
const ROLES = { actpass: "o", active: "a", passive: "p" };
const MAX_CODE = 600; // characters of a code read back (six IPv6 candidates fit easily)
const MAX_CANDIDATES = 8;
const ICE_CHARS = /^[A-Za-z0-9+/]{4,256}$/;
const MID = /^[A-Za-z0-9_-]{1,16}$/;
const UUID_HOST = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;

/**
 * What a code carries.
 * @typedef {{ufrag: string, pwd: string, fingerprint: Uint8Array, setup: string, mid: string,
 *   candidates: {address: string, port: number}[]}} Signal
 */

/** A code that cannot be read: `reason` names what is wrong (worded by the page). */
export class SignalError extends Error {
  /** @param {string} reason */
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/**
 * The parts of a session description that a code keeps: from the session level or the
 * first media section (a bundled description shares them), UDP host candidates only (no
 * STUN or TURN is used, so there are no others worth sending).
 * @param {string} sdp
 * @returns {Signal}
 */
export function parseSdp(sdp) {
  /** @type {Record<string, string>} */
  const found = {};
  const candidates = [];
  let section = 0;
  for (const line of String(sdp).split(/\r?\n/)) {
    if (line.startsWith("m=")) section += 1;
    if (section > 1) break; // bundled: the first section's transport is the one used
    const [, name, value] = /^a=([a-z-]+):(.*)$/.exec(line.trim()) ?? [];
    if (!name) continue;
    if (name === "candidate") candidates.push(value);
    else if (!(name in found)) found[name] = value.trim();
  }
  const [algorithm, hex = ""] = (found.fingerprint ?? "").split(" ");
  if (algorithm?.toLowerCase() !== "sha-256") throw new SignalError("fingerprint");
  const bytes = hex.split(":").map((pair) => parseInt(pair, 16));
  if (bytes.length !== 32 || bytes.some((b) => !(b >= 0 && b <= 255))) {
    throw new SignalError("fingerprint");
  }
  return checked({
    ufrag: found["ice-ufrag"] ?? "",
    pwd: found["ice-pwd"] ?? "",
    fingerprint: Uint8Array.from(bytes),
    setup: found.setup ?? "",
    mid: found.mid ?? "0",
    candidates: candidates.map(hostCandidate).filter((c) => c !== null)
      .slice(0, MAX_CANDIDATES),
  });
}

/**
 * A UDP host candidate's address and port, or null for any other kind.
 * @param {string} text  the part after "a=candidate:"
 */
function hostCandidate(text) {
  const parts = text.trim().split(/\s+/);
  const [component, protocol, address, port, typ, kind] = [parts[1], parts[2], parts[4],
    Number(parts[5]), parts[6], parts[7]];
  if (component !== "1" || protocol?.toLowerCase() !== "udp" || typ !== "typ"
    || kind !== "host") return null;
  if (!(Number.isInteger(port) && port > 0 && port < 65536)) return null;
  const bytes = addressBytes(address);
  const spelled = bytes && bytesAddress(bytes); // one spelling per address
  return spelled ? { address: spelled, port } : null;
}

/**
 * A signal's fields checked (a code read back is as untrusted as any other input).
 * @param {Signal} signal
 * @returns {Signal}
 */
function checked(signal) {
  if (!ICE_CHARS.test(signal.ufrag)) throw new SignalError("ufrag");
  if (!ICE_CHARS.test(signal.pwd) || signal.pwd.length < 22) throw new SignalError("pwd");
  if (!(signal.setup in ROLES)) throw new SignalError("setup");
  if (!MID.test(signal.mid)) throw new SignalError("mid");
  if (signal.candidates.length === 0) throw new SignalError("candidates");
  return signal;
}

/**
 * The compact code of a session description (an offer or an answer).
 * @param {string} sdp
 */
export function encode(sdp) {
  const signal = parseSdp(sdp);
  return [
    CODE_PREFIX,
    ROLES[signal.setup] + (signal.mid === "0" ? "" : signal.mid),
    signal.ufrag,
    signal.pwd,
    base64url(signal.fingerprint),
    ...signal.candidates.map(({ address, port }) => {
      const bytes = addressBytes(address);
      if (!bytes) throw new SignalError("candidates");
      return base64url(Uint8Array.from([...bytes, port >> 8, port & 255]));
    }),
  ].join(SEPARATOR);
}

/**
 * Read a compact code back: its signal, or a SignalError saying what is wrong.
 * @param {string} code
 * @returns {Signal}
 */
export function decode(code) {
  if (typeof code !== "string" || code.length > MAX_CODE) throw new SignalError("length");
  const parts = code.trim().split(SEPARATOR);
  if (parts[0] !== CODE_PREFIX) throw new SignalError("version");
  if (parts.length < 6 || parts.length > 5 + MAX_CANDIDATES) throw new SignalError("parts");
  const [, role, ufrag, pwd, print, ...places] = parts;
  const setup = Object.keys(ROLES).find((name) => ROLES[name] === role[0]) ?? "";
  const fingerprint = unbase64url(print);
  if (fingerprint?.length !== 32) throw new SignalError("fingerprint");
  const candidates = places.map((place) => {
    const bytes = unbase64url(place);
    const address = bytes && bytesAddress(bytes.subarray(0, bytes.length - 2));
    if (!address) throw new SignalError("candidates");
    return { address, port: bytes[bytes.length - 2] * 256 + bytes[bytes.length - 1] };
  });
  return checked({ ufrag, pwd, fingerprint, setup, mid: role.slice(1) || "0", candidates });
}

/**
 * A session description a browser accepts, rebuilt from a code: one data channel
 * (`m=application … webrtc-datachannel`, SCTP port 5000), the code's transport values.
 * @param {string} code
 * @param {string} [session]  the o= line's session id (digits); any will do
 */
export function toSdp(code, session = "1") {
  const { ufrag, pwd, fingerprint, setup, mid, candidates } = decode(code);
  const hex = [...fingerprint].map((b) => b.toString(16).padStart(2, "0").toUpperCase());
  const lines = [
    "v=0", `o=- ${session.replace(/\D/g, "") || "1"} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0",
    `a=group:BUNDLE ${mid}`, "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...candidates.map(({ address, port }, index) =>
      // host priority (RFC 8445 5.1.2.1): type preference 126, earlier ones preferred
      `a=candidate:${index + 1} 1 udp ${126 * 2 ** 24 + (65535 - index) * 256 + 255} `
      + `${address} ${port} typ host`),
    "a=end-of-candidates", `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`,
    `a=fingerprint:sha-256 ${hex.join(":")}`, `a=setup:${setup}`, `a=mid:${mid}`,
    "a=sctp-port:5000", "a=max-message-size:262144",
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * The four numbers (0–255) both screens show after pairing, so the people can see they are
 * connected to each other and not to a third device: the two fingerprints folded together,
 * the same whichever is given first.  A device in the middle would need a certificate
 * whose fingerprint gives the same four numbers on both sides (about 2^32 tries).  The
 * page shows each as a word of its language.
 * @param {Uint8Array} one
 * @param {Uint8Array} other
 */
export function pairNumbers(one, other) {
  const numbers = [0, 0, 0, 0];
  for (let i = 0; i < 32; i += 1) numbers[i % 4] ^= one[i] ^ other[i];
  return numbers;
}

/**
 * The bytes of a candidate's address: 4 (IPv4), 16 (IPv6) or 17 (an mDNS `<uuid>.local`
 * name: its 16 bytes and a 0, so it is told apart from IPv6); null for anything else.
 * @param {string} address
 * @returns {number[] | null}
 */
function addressBytes(address) {
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (ipv4) {
    const bytes = ipv4.slice(1).map(Number);
    return bytes.every((b) => b <= 255) ? bytes : null;
  }
  const uuid = UUID_HOST.exec(address);
  if (uuid) return [...hexBytes(uuid.slice(1).join("")), 0];
  return address.includes(":") ? ipv6Bytes(address) : null;
}

/**
 * An address written back from its bytes (addressBytes), or null if they are none.
 * @param {number[] | Uint8Array} bytes
 */
function bytesAddress(bytes) {
  if (bytes.length === 4) return [...bytes].join(".");
  if (bytes.length === 17 && bytes[16] === 0) {
    const hex = [...bytes].slice(0, 16).map((b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-`
      + `${hex.slice(20)}.local`;
  }
  if (bytes.length !== 16) return null;
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return groups.join(":");
}

/** @param {string} address */
function ipv6Bytes(address) {
  const halves = address.split("::");
  if (halves.length > 2 || address.includes("%") || address.includes(".")) return null;
  const [head, tail] = halves.map((half) => (half ? half.split(":") : []));
  const missing = 8 - head.length - (tail?.length ?? 0);
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...(tail ?? [])];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return groups.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

/** @param {string} hex */
function hexBytes(hex) {
  return (hex.match(/../g) ?? []).map((pair) => parseInt(pair, 16));
}

/** @param {Uint8Array} bytes */
function base64url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** @param {string} text  base64url without padding; null if it is not */
function unbase64url(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
