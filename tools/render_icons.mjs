// Renders SVG icons to PNG for build.py: resvg compiled to WebAssembly, installed from npm
// with the runtime, so the build needs no native library, image tool or browser.
// stdin: JSON [{svg: "<svg…>", size: 192, out: "/path/icon-192.png"}, …]
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { initWasm, Resvg } from "@resvg/resvg-wasm";

const require = createRequire(import.meta.url);
await initWasm(readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
for (const { svg, size, out } of JSON.parse(readFileSync(0, "utf8"))) {
  const png = new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
  writeFileSync(out, png);
}
