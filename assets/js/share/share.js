// Handing a link to someone: a dialog with the link ready to copy (copied at once where the
// browser lets it) and as a QR code large enough for a phone's camera across a classroom
// (qr.js); where the browser has a system share sheet (phones), a button opens it.
import { showQr } from "./qr.js";
import { t } from "../common/strings.js";

/** The share dialog's parts in the page (index.html).
 *  @typedef {{dialog: HTMLDialogElement, help: HTMLElement, link: HTMLInputElement,
 *    status: HTMLElement, note: HTMLElement, copy: HTMLElement, close: HTMLElement}} ShareNodes */

export class ShareDialog {
  /** @param {ShareNodes} nodes  the dialog's parts */
  constructor(nodes) {
    this.nodes = nodes;
    this.qr = document.createElement("div");
    this.qr.className = "qr-box";
    this.qr.hidden = true;
    nodes.link.after(this.qr);
    this.sheet = document.createElement("button");
    this.sheet.type = "button";
    this.sheet.hidden = true;
    this.sheet.dataset.text = "shareSheet";
    nodes.copy.after(this.sheet);
    this.sheet.addEventListener("click", () => this.openSheet());
    nodes.copy.addEventListener("click", () => this.copy());
    nodes.close.addEventListener("click", () => nodes.dialog.close());
  }

  /**
   * Offer `url`: `title` names it, `help` says what it opens, `note` what it reveals.
   * @param {string} url @param {{title: string, help: string, note?: string}} info
   */
  async share(url, { title, help, note = "" }) {
    const { dialog, link, note: noteNode } = this.nodes;
    this.offer = { title, url };
    link.value = url;
    this.nodes.help.textContent = help;
    noteNode.textContent = note;
    noteNode.hidden = !note;
    showQr(this.qr, url, { label: t("shareQrLabel"), tooLong: t("shareQrTooLong") });
    this.sheet.textContent = t("shareSheet");
    this.sheet.hidden = !("share" in navigator && navigator.canShare?.(this.offer));
    this.say("");
    if (!dialog.open) dialog.showModal();
    link.focus();
    link.select();
    await this.copy();
  }

  /** The system share sheet (phones), with the link offered now. */
  async openSheet() {
    try {
      await navigator.share(this.offer);
    } catch { /* closed by the person, or refused: the dialog stays */ }
  }

  async copy() {
    try {
      await navigator.clipboard.writeText(this.nodes.link.value);
      this.say(t("shareCopied"));
    } catch {
      this.nodes.link.select();
      this.say(t("shareCopyByHand"));
    }
  }

  /** @param {string} text */
  say(text) {
    this.nodes.status.textContent = text;
  }
}
