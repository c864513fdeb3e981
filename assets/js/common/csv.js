// Tables as CSV text for spreadsheet programs: UTF-8 with a byte-order mark (so Umlaute open
// right), every cell quoted, and cells that a spreadsheet would take for a formula (=, +, -,
// @ first) kept as text with a leading apostrophe: a typed answer is never run as a formula.

const BOM = "\uFEFF";
const FORMULA = /^[=+\-@\t\r]/;

/** @param {unknown} value */
function cell(value) {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * `rows` (arrays of cells) as CSV text with a BOM and CRLF line ends.  `separator` is ","
 * or ";" (German spreadsheet programs split on ";").
 * @param {unknown[][]} rows
 */
export function toCsv(rows, separator = ",") {
  return BOM + rows.map((row) => row.map(cell).join(separator)).join("\r\n") + "\r\n";
}
