// One device's connection to another at the same table: a WebRTC data channel with no server
// (`iceServers: []`: on one network the devices reach each other directly), paired by the
// compact codes of signal.js (the host's offer, the guest's answer), shown as QR codes or
// text.  A heartbeat tells a lost peer at once (a channel can still read `open` after its
// connection failed); a connection that never opens is reported after ISOLATED_MS (a network
// that keeps its devices apart, as school Wi-Fi often does).
import { decode, encode, pairNumbers, toSdp } from "./signal.js";

const GATHER_MS = 4000; // the longest wait for the device's addresses
const BEAT_MS = 1000; // a heartbeat a second, both ways
export const LOST_MS = 4000; // no word for this long: the peer is lost
export const ISOLATED_MS = 20000; // no connection this long after pairing: say why
const GRACE_MS = 3000; // the longest wait for a closing channel's last messages
const BEAT = "♥"; // never a JSON object, so never a message of the table

/** The description's code once the device's addresses are gathered (or GATHER_MS passed).
 *  @param {RTCPeerConnection} pc */
async function localCode(pc) {
  if (pc.iceGatheringState !== "complete") {
    await /** @type {Promise<void>} */ (new Promise((done) => {
      const timer = setTimeout(done, GATHER_MS);
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") { clearTimeout(timer); done(); }
      });
    }));
  }
  if (!pc.localDescription) throw new Error("no local description");
  return encode(pc.localDescription.sdp);
}

/**
 * A peer: the connection and, once open, its channel.  `onMessage(text)` hears the other
 * side's messages (heartbeats aside), `onState(state)` each change: "waiting", "open",
 * "lost" (the peer went silent or the connection failed), "isolated" (no connection after
 * ISOLATED_MS), "closed".
 */
export class Peer {
  /**
   * @param {{onMessage: (text: string) => void, onState: (state: string) => void}} hooks
   * @param {RTCCertificate | null} [certificate] this device's (keep/device.js): the same
   *   fingerprint on every connection, so a host knows a device that pairs again
   */
  constructor(hooks, certificate = null) {
    this.hooks = hooks;
    this.pc = new RTCPeerConnection({ iceServers: [],
      ...(certificate ? { certificates: [certificate] } : {}) });
    /** @type {RTCDataChannel | null} */
    this.channel = null;
    this.state = "waiting";
    this.heard = 0;
    /** @type {ReturnType<typeof setTimeout>[]} */
    this.timers = [];
    this.words = /** @type {number[] | null} */ (null);
    this.pc.addEventListener("connectionstatechange", () => {
      if (["failed", "closed"].includes(this.pc.connectionState) && this.state === "open") {
        this.set("lost");
      }
    });
    this.pc.addEventListener("datachannel", (event) => this.attach(event.channel));
  }

  /** The host's side: its offer's code. */
  async offer() {
    this.attach(this.pc.createDataChannel("table"));
    await this.pc.setLocalDescription();
    return localCode(this.pc);
  }

  /** The guest's side: take the host's code, give the answer's code.  @param {string} code */
  async answer(code) {
    await this.pc.setRemoteDescription({ type: "offer", sdp: toSdp(code) });
    await this.pc.setLocalDescription();
    const mine = await localCode(this.pc);
    this.paired(code, mine);
    return mine;
  }

  /** The host's side: take the guest's answer.  @param {string} code @param {string} mine */
  async accept(code, mine) {
    this.paired(mine, code); // first: the channel may open before the description is taken
    await this.pc.setRemoteDescription({ type: "answer", sdp: toSdp(code) });
  }

  /** Both codes known: the pairing numbers (the same on both screens), and the clock for a
   *  connection that never opens.
   * @param {string} offer
   * @param {string} answer
   */
  paired(offer, answer) {
    this.words = pairNumbers(decode(offer).fingerprint, decode(answer).fingerprint);
    this.timers.push(setTimeout(() => { if (this.state === "waiting") this.set("isolated"); },
      ISOLATED_MS));
  }

  /** @param {RTCDataChannel} channel */
  attach(channel) {
    this.channel = channel;
    channel.addEventListener("open", () => {
      this.heard = Date.now();
      this.timers.push(setInterval(() => this.beat(), BEAT_MS));
      this.set("open");
    });
    channel.addEventListener("message", (event) => {
      this.heard = Date.now();
      if (this.state === "lost") this.set("open");
      if (event.data !== BEAT) this.hooks.onMessage(String(event.data));
    });
    channel.addEventListener("close", () => { if (this.state === "open") this.set("lost"); });
  }

  /** Send a heartbeat; a peer silent for LOST_MS is lost. */
  beat() {
    if (this.channel?.readyState === "open") this.channel.send(BEAT);
    if (this.state === "open" && Date.now() - this.heard > LOST_MS) this.set("lost");
  }

  /** @param {string} state */
  set(state) {
    if (this.state === state || this.state === "closed") return;
    this.state = state;
    this.hooks.onState(state);
  }

  /** Send a message of the table (when the channel is open).  @param {string} text */
  send(text) {
    if (this.channel?.readyState === "open") this.channel.send(text);
  }

  /** Close the connection for good once what was sent has gone (a bye reaches the other
   *  side first: the channel closes after its queued messages, then the connection). */
  end() {
    for (const timer of this.timers) clearInterval(timer);
    this.set("closed");
    const channel = this.channel;
    if (channel?.readyState !== "open") { this.close(); return; }
    const done = setTimeout(() => this.close(), GRACE_MS);
    channel.addEventListener("close", () => { clearTimeout(done); this.close(); });
    channel.close();
  }

  /** Close the connection for good. */
  close() {
    for (const timer of this.timers) clearInterval(timer);
    this.set("closed");
    this.channel?.close();
    this.pc.close();
  }
}
