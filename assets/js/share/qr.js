// A link as a QR code, for a phone's camera across a classroom: the code drawn on a canvas
// (qrcode-generator from npm makes the modules; no network), with the four-module quiet zone
// around it and each module a whole number of pixels, shown large by classroom.css.
import qrcode from "qrcode-generator";

const QUIET = 4; // modules of white around the code (the standard's quiet zone)
const MODULE_PX = 8; // canvas pixels per module; CSS scales the picture to the screen

/**
 * The QR code of `text` (byte mode, error correction L: the smallest code, a projector's
 * picture is clean): {version, count, dark(row, col)}, or null when `text` is too long for
 * any QR code (version 40 holds 2953 bytes).
 * @param {string} text
 */
export function qrCode(text) {
  const code = qrcode(0, "L");
  try {
    code.addData(text, "Byte");
    code.make();
  } catch {
    return null; // "code length overflow"
  }
  const count = code.getModuleCount();
  return { version: (count - 17) / 4, count,
    dark: (/** @type {number} */ row, /** @type {number} */ col) => code.isDark(row, col) };
}

/**
 * A canvas showing `text` as a QR code (data-modules, data-version say which), or null when
 * it is too long for one.  `label` names it for screen readers.
 * @param {string} text
 * @param {string} label
 */
export function qrCanvas(text, label) {
  const code = qrCode(text);
  if (!code) return null;
  const side = (code.count + 2 * QUIET) * MODULE_PX;
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  canvas.className = "qr-code";
  canvas.dataset.modules = String(code.count);
  canvas.dataset.version = String(code.version);
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", label);
  const ctx = canvas.getContext("2d");
  if (!ctx) return canvas; // no 2D drawing here (never in a browser that runs the app)
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, side, side);
  ctx.fillStyle = "#000";
  for (let row = 0; row < code.count; row++) {
    for (let col = 0; col < code.count; col++) {
      if (code.dark(row, col)) {
        ctx.fillRect((col + QUIET) * MODULE_PX, (row + QUIET) * MODULE_PX, MODULE_PX, MODULE_PX);
      }
    }
  }
  return canvas;
}

/**
 * Put the QR code of `url` into `box` (replacing what was there), or the reason there is
 * none (`tooLong`: a text for a link too long for a QR code).
 * @param {HTMLElement} box
 * @param {string} url
 * @param {{label: string, tooLong: string}} texts
 */
export function showQr(box, url, { label, tooLong }) {
  const canvas = qrCanvas(url, label);
  if (canvas) {
    box.replaceChildren(canvas);
  } else {
    const note = document.createElement("p");
    note.className = "qr-too-long";
    note.textContent = tooLong;
    box.replaceChildren(note);
  }
  box.hidden = false;
}
