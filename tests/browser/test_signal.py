"""Chromium accepts the session descriptions rebuilt from the compact pairing codes
(assets/js/table/signal.js): two browser contexts, no server and no STUN
(``iceServers: []``), exchange only the short codes and open a data channel both ways."""

import base64

from paths import ROOT

SIGNAL = ROOT / "assets" / "js" / "table" / "signal.js"
SETUP = """async (url) => {
  window.signal = await import(url);
  window.pc = new RTCPeerConnection({iceServers: []});
  window.gathered = () => new Promise((done) => {
    if (pc.iceGatheringState === "complete") done();
    pc.addEventListener("icegatheringstatechange",
      () => pc.iceGatheringState === "complete" && done());
  });
  window.opened = new Promise((done) => {
    window.watch = (channel) => {
      window.heard = new Promise((got) => { channel.onmessage = (e) => got(e.data); });
      if (channel.readyState === "open") done(channel);
      else channel.onopen = () => done(channel);
    };
    pc.ondatachannel = (event) => watch(event.channel);
  });
}"""
OFFER = """async () => {
  watch(pc.createDataChannel("table"));
  await pc.setLocalDescription();
  await gathered();
  return signal.encode(pc.localDescription.sdp);
}"""
ANSWER = """async (code) => {
  await pc.setRemoteDescription({type: "offer", sdp: signal.toSdp(code)});
  await pc.setLocalDescription();
  await gathered();
  return signal.encode(pc.localDescription.sdp);
}"""
TAKE = """(code) => pc.setRemoteDescription({type: "answer", sdp: signal.toSdp(code)})"""
# each side sends once the channel is open, then reads what came; after a minute without,
# the connection's state says why
LATE = "new Promise((done) => setTimeout(() => done(null), 60000))"
SAY = f"""async (text) => {{
  const channel = await Promise.race([opened, {LATE}]);
  if (!channel) return `not open (${{pc.connectionState}})`;
  channel.send(text);
  return "sent";
}}"""
HEARD = f"""async () =>
  (await Promise.race([heard, {LATE}])) ?? `nothing (${{pc.connectionState}})`"""


def test_two_contexts_connect_with_only_the_compact_codes(browser):
    url = "data:text/javascript;base64," + base64.b64encode(SIGNAL.read_bytes()).decode()
    contexts = [browser.new_context() for _ in range(2)]
    try:
        host, guest = (context.new_page() for context in contexts)
        for page in (host, guest):
            page.goto("about:blank")
            page.evaluate(SETUP, url)
        offer = host.evaluate(OFFER)
        answer = guest.evaluate(ANSWER, offer)
        assert offer.startswith("T1.o.") and answer.startswith("T1.a.")
        assert len(offer) < 150 and len(answer) < 150
        host.evaluate(TAKE, answer)
        assert [page.evaluate(SAY, f"from the {name}")
                for page, name in ((host, "host"), (guest, "guest"))] == ["sent", "sent"]
        assert [host.evaluate(HEARD), guest.evaluate(HEARD)] == ["from the guest", "from the host"]
    finally:
        for context in contexts:
            context.close()
