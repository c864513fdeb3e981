// A QR code read by the device's camera: the rear camera where there is one, its frames
// decoded by the browser's own BarcodeDetector where it reads QR codes (Chrome on Android),
// else by qr-scanner from npm (build.py copies it into runtime/qr-scanner/; it decodes in a
// worker of its own).  The decoder is loaded only when a code is first read, never at start.
// No request leaves the page's origin.
import { t } from "../common/strings.js";

/** Why the camera gave nothing; `key` names the message under `qr.` in assets/i18n/. */
export class CameraError extends Error {
  /** @param {"denied" | "absent" | "insecure" | "busy" | "failed"} reason */
  constructor(reason) {
    super(`camera ${reason}`);
    this.reason = reason;
  }

  /** What to tell a person, in the page's language. */
  say() {
    return t(`qr.camera_${this.reason}`);
  }
}

/** A frame's QR text, or null when the frame shows none. @typedef {(video: HTMLVideoElement) => Promise<string | null>} Decoder */

/** @type {Promise<Decoder> | null} */
let decoder = null;

/** The decoder, made on the first call: BarcodeDetector where it reads QR codes, else
 *  qr-scanner, imported now (its worker with it). */
export function qrDecoder() {
  decoder ??= makeDecoder();
  return decoder;
}

/** @returns {Promise<Decoder>} */
async function makeDecoder() {
  const Detector = /** @type {any} */ (globalThis).BarcodeDetector;
  const formats = Detector ? await Detector.getSupportedFormats().catch(() => []) : [];
  if (formats.includes("qr_code")) {
    const detector = new Detector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  // @ts-expect-error qr-scanner is copied into runtime/ by build.py: it exists only in the built site
  const { default: QrScanner } = await import("../../../runtime/qr-scanner/qr-scanner.min.js");
  const engine = await QrScanner.createQrEngine();
  const canvas = document.createElement("canvas");
  return async (video) => {
    try {
      const found = await QrScanner.scanImage(video,
        { qrEngine: engine, canvas, returnDetailedScanResult: true });
      return found.data || null;
    } catch {
      return null; // "No QR code found" in this frame
    }
  };
}

/** The camera's picture, the rear camera preferred; asks for permission.
 *  @returns {Promise<MediaStream>} @throws {CameraError} */
export async function openCamera() {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new CameraError(globalThis.isSecureContext === false ? "insecure" : "absent");
  }
  try {
    return await navigator.mediaDevices.getUserMedia(
      { video: { facingMode: { ideal: "environment" } }, audio: false });
  } catch (error) {
    const name = /** @type {{name?: string}} */ (error)?.name;
    if (name === "NotAllowedError" || name === "SecurityError") throw new CameraError("denied");
    if (name === "NotFoundError" || name === "OverconstrainedError") throw new CameraError("absent");
    if (name === "NotReadableError" || name === "AbortError") throw new CameraError("busy");
    throw new CameraError("failed");
  }
}

let askedCamera = false; // asked once a page: a prompt dismissed is not put again
const CAMERA_WAIT_MS = 6000; // the longest wait for the person's answer to the camera's question

/** Ask for the camera before a live table's connection is made, and let it go at once: a
 *  page allowed the camera is given the device's own network addresses by the browser
 *  (Chromium, Safari) instead of mDNS names (`<uuid>.local`), which some networks do not
 *  resolve; the camera is wanted anyway to scan the other phone's code.  Asked once a
 *  page, not at all where the browser says it is allowed or refused; a question left
 *  unanswered is waited for CAMERA_WAIT_MS at most (the names then); never throws.
 *  @returns {Promise<void>} */
export async function askCamera() {
  try {
    const { state } = await navigator.permissions.query(
      { name: /** @type {PermissionName} (not in TypeScript's list) */ ("camera") });
    if (state !== "prompt") return;
  } catch { /* a browser that cannot say (Firefox): ask */ }
  if (askedCamera) return;
  askedCamera = true;
  const asked = openCamera().then((stream) => { for (const track of stream.getTracks()) track.stop(); })
    .catch(() => {}); // refused, or no camera: the names then, and pasting the code
  await Promise.race([asked, new Promise((done) => setTimeout(done, CAMERA_WAIT_MS))]);
}

const FRAME_GAP_MS = 120; // a frame decoded about 8 times a second: quick, and leaves the core free

/**
 * Show the camera in `video` and read frames until one holds a QR code that `accept` takes
 * (say, a pairing code; a code it refuses is skipped and reading goes on): resolves with its
 * text, the camera stopped.  `signal` stops reading (rejects with its reason).
 * @param {HTMLVideoElement} video
 * @param {{signal?: AbortSignal, accept?: (text: string) => boolean}} [options]
 * @returns {Promise<string>} @throws {CameraError}
 */
export async function readQr(video, { signal, accept = () => true } = {}) {
  const stream = await openCamera();
  const stop = () => {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  try {
    signal?.throwIfAborted();
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    const decode = await qrDecoder();
    for (;;) {
      signal?.throwIfAborted();
      const text = video.readyState >= 2 ? await decode(video) : null;
      if (text !== null && accept(text)) return text;
      await new Promise((done) => setTimeout(done, FRAME_GAP_MS));
    }
  } finally {
    stop();
  }
}
