"""A camera for a test's page, pointed at what the test holds up to it.

`page.evaluate(CAMERA)`, then `window.holdUp(url)` (an image, drawn on a white card):
getUserMedia answers with a canvas's stream, as a phone's camera pointed at another screen,
and the page's own QR reader reads what it shows.  In a page that keeps its storage and
snapshot (a shared context), unlike Chromium's fake camera, which needs a browser of its own
(test_qr_reader.py reads through that one)."""

CAMERA = """() => {
  const card = document.createElement("canvas");
  card.width = card.height = 480;
  Object.assign(card.style, { position: "fixed", left: "-600px", top: "0" });
  document.body.append(card);
  const pen = card.getContext("2d");
  const blank = () => { pen.fillStyle = "#fff"; pen.fillRect(0, 0, 480, 480); };
  blank();
  window.holdUp = (url) => new Promise((done) => {
    const image = new Image();
    image.onload = () => {
      blank();
      pen.imageSmoothingEnabled = false;
      pen.drawImage(image, 40, 40, 400, 400);
      done();
    };
    image.src = url;
  });
  setInterval(() => pen.fillRect(0, 0, 1, 1), 100); // a new frame now and then
  navigator.mediaDevices.getUserMedia = async () => card.captureStream(10);
}"""
