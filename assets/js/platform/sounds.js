// Quiet sounds for a move, a capture and the end of a game, made here with the Web Audio
// API (no sound files): short sine tones at a low volume.  Off unless chosen in the settings.
import { setting } from "../keep/settings.js";

/** @type {Record<string, [number, number, number][]>} */
const TONES = { // [frequency Hz, start s, length s] per note
  move: [[660, 0, 0.07]],
  capture: [[520, 0, 0.08], [390, 0.09, 0.1]],
  end: [[523, 0, 0.14], [659, 0.15, 0.14], [784, 0.3, 0.25]],
};
const VOLUME = 0.06;
/** @type {AudioContext | null} */
let audio = null;

/** Play the sound for `kind` ("move", "capture", "end") if sound is on.
 * @param {string} kind
 */
export function playSound(kind) {
  if (setting("sound") !== "on" || !TONES[kind] || typeof AudioContext !== "function") return;
  audio ??= new AudioContext();
  const now = audio.currentTime;
  for (const [frequency, start, length] of TONES[kind]) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(VOLUME, now + start);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    tone.connect(gain).connect(audio.destination);
    tone.start(now + start);
    tone.stop(now + start + length + 0.02);
  }
}
