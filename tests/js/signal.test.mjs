// The compact offer/answer codec of a live table (assets/js/table/signal.js): real session
// descriptions recorded from Chromium here and quoted from Firefox and Safari (sources in
// sdp-samples.json) go to a short code and back to a description with the same transport.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  CODE_PREFIX, SignalError, decode, encode, pairNumbers, parseSdp, toSdp,
} from "../../assets/js/table/signal.js";

const SAMPLES = JSON.parse(readFileSync(new URL("./sdp-samples.json", import.meta.url), "utf8"));
const sample = (name) => SAMPLES.find((s) => s.name === name).sdp;
const withCandidates = SAMPLES.filter((s) => !s.name.includes("trickle"));

/** The transport a description carries, as plain data to compare. */
const transport = (signal) => ({ ...signal, fingerprint: [...signal.fingerprint] });

for (const { name, sdp } of withCandidates) {
  test(`${name}: the code keeps the transport and reads back to a description with it`, () => {
    const code = encode(sdp);
    assert.ok(code.startsWith(`${CODE_PREFIX}.`));
    const original = transport(parseSdp(sdp));
    assert.deepEqual(transport(decode(code)), original);
    const rebuilt = toSdp(code, "42");
    assert.deepEqual(transport(parseSdp(rebuilt)), original);
    assert.equal(encode(rebuilt), code); // a fixed point: nothing drifts on a second trip
    assert.match(rebuilt, /^m=application 9 UDP\/DTLS\/SCTP webrtc-datachannel\r$/m);
    assert.ok(rebuilt.endsWith("a=max-message-size:262144\r\n"));
  });
}

test("the recorded Chromium offers make codes small enough for a version-6/7 QR code", () => {
  const sizes = Object.fromEntries(withCandidates.map((s) => [s.name, encode(s.sdp).length]));
  // v6 at level L holds 134 bytes, v7 at M 122: the codes of one device's own candidates
  assert.ok(sizes["chromium-156-offer-mdns"] <= 134, JSON.stringify(sizes));
  assert.ok(sizes["chromium-156-offer-ips"] <= 122, JSON.stringify(sizes));
  assert.ok(sample("chromium-156-offer-mdns").length > 4 * sizes["chromium-156-offer-mdns"]);
});

test("only UDP host candidates of the first section are kept, in their order", () => {
  const firefox = parseSdp(sample("firefox-85-offer"));
  assert.deepEqual(firefox.candidates,
    [{ address: "7ecb62fa-800f-4ed3-a2a5-943f72c0ea00.local", port: 52465 }]);
  const chromium = parseSdp(sample("chromium-156-offer-ips"));
  assert.deepEqual(chromium.candidates.map((c) => c.address), ["192.0.2.2", "fd00:0:0:0:0:0:0:2"]);
  const safari = parseSdp(sample("safari-12-offer"));
  assert.equal(safari.mid, "audio");
  assert.equal(safari.candidates[1].address, "2800:a4:169b:e800:8dfe:b3e3:dca7:8d44");
  assert.deepEqual([firefox.setup, parseSdp(sample("chromium-156-answer-mdns")).setup],
    ["actpass", "active"]);
});

test("a description made before its candidates were gathered has no code", () => {
  assert.throws(() => encode(sample("firefox-63-offer-trickle")),
    (err) => err instanceof SignalError && err.reason === "candidates");
});

test("a damaged or foreign code is refused with what is wrong, never misread", () => {
  const code = encode(sample("chromium-156-offer-mdns"));
  const parts = code.split(".");
  const spoilt = (index, value) => parts.map((part, i) => (i === index ? value : part)).join(".");
  const cases = [
    [null, "length"], ["x".repeat(700), "length"], ["", "version"],
    [code.replace(/^T1/, "T2"), "version"], [parts.slice(0, 5).join("."), "parts"],
    [spoilt(1, "x"), "setup"], [spoilt(2, "a b"), "ufrag"], [spoilt(3, "short"), "pwd"],
    [spoilt(4, parts[4].slice(1)), "fingerprint"], [spoilt(4, "!!"), "fingerprint"],
    [spoilt(5, "AAA"), "candidates"], [`${code}.${"A".repeat(40)}`, "candidates"],
  ];
  for (const [text, reason] of cases) {
    assert.throws(() => decode(text), (err) => err instanceof SignalError && err.reason === reason,
      `${text}: ${reason}`);
  }
  assert.throws(() => encode(sample("chromium-156-offer-mdns").replace("sha-256", "sha-1")),
    (err) => err.reason === "fingerprint");
});

test("the four pairing numbers are the same on both sides and change with either device", () => {
  const offer = parseSdp(sample("chromium-156-offer-mdns")).fingerprint;
  const answer = parseSdp(sample("chromium-156-answer-mdns")).fingerprint;
  const numbers = pairNumbers(offer, answer);
  assert.equal(numbers.length, 4);
  assert.ok(numbers.every((n) => Number.isInteger(n) && n >= 0 && n < 256));
  assert.deepEqual(pairNumbers(answer, offer), numbers);
  const third = parseSdp(sample("chromium-156-answer-ips")).fingerprint;
  assert.notDeepEqual(pairNumbers(offer, third), numbers);
  assert.notDeepEqual(pairNumbers(third, answer), numbers);
});
