// Handing a link to someone: the system share sheet where the browser has one (phones),
// else the clipboard; the link is also shown in a dialog, ready to copy by hand.
import { t } from "./strings.js";

export class ShareDialog {
  /** @param {{dialog, help, link, status, note, copy, close}} nodes  the dialog's parts */
  constructor(nodes) {
    this.nodes = nodes;
    nodes.copy.addEventListener("click", () => this.copy());
    nodes.close.addEventListener("click", () => nodes.dialog.close());
  }

  /**
   * Offer `url`: `title` names it, `help` says what it opens, `note` what it reveals.
   */
  async share(url, { title, help, note = "" }) {
    if (navigator.share && navigator.canShare?.({ title, url })) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error.name === "AbortError") return; // the person closed the sheet
      }
    }
    const { dialog, link, note: noteNode } = this.nodes;
    link.value = url;
    this.nodes.help.textContent = help;
    noteNode.textContent = note;
    noteNode.hidden = !note;
    this.say("");
    if (!dialog.open) dialog.showModal();
    link.focus();
    link.select();
    await this.copy();
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

  say(text) {
    this.nodes.status.textContent = text;
  }
}
