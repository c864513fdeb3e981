// The play screen's ways of handing the game on: Share (a link that opens the whole
// record), Send move (a link for the seat to move, to play on their own device) and Save as
// file (the record as a .json download).  Each saves first, and says why when it cannot.
// The players' and teams' names (names.js) go with the game in each.
import { download, recordFileName } from "../common/files.js";
import { moveLink, recordLink } from "../keep/links.js";
import { withNames } from "../keep/names.js";
import { hasText, t } from "../common/strings.js";

export class Sharing {
  /**
   * @param {object} parts
   * @param {import("../play/controller.js").Controller} parts.controller  saves the game, says why not
   * @param {import("../common/store.js").ShellState} parts.state  the store's state: the game on screen
   * @param {Record<string, import("../common/types.js").GameView>} parts.views  each game's view
   * @param {{share: (url: string, info: {title: string, help: string, note?: string}) => unknown}} parts.dialog
   *   the share dialog (share.js)
   * @param {(name: string, text: string) => void} [parts.download]  offers a file (files.js)
   */
  constructor({ controller, state, views, dialog, download: offer = download }) {
    this.controller = controller;
    this.state = state;
    this.views = views;
    this.dialog = dialog;
    this.offer = offer;
  }

  /** Share the game on screen as a link that opens it (the whole record rides in the link);
   *  a move link (`byLink`) opens it for the seat to move. */
  async share(byLink = false) {
    const { game } = this.state;
    if (!game) return; // no game on screen: nothing to share
    const saved = await this.controller.save();
    if (!saved.ok || !saved.record) { this.controller.say(saved.error ?? "", true); return; }
    const { id, answer, seats, computer, names } = game;
    if (!answer.view) return; // (a game on screen always has its picture)
    const note = hasText(`shareNote_${id}`) ? t(`shareNote_${id}`) : "";
    const url = await (byLink ? moveLink(saved.record, names)
      : recordLink(saved.record, { seats, computer, names }));
    const help = byLink
      ? t("sendMoveHelp", { name: this.views[id].words.seats(answer.view)[answer.view.current].name })
      : t("shareHelp");
    await this.dialog.share(url, { title: t(`game_${id}`), help, note });
  }

  /** Download the game on screen as a file (its full record, and the players' names). */
  async exportFile() {
    const { game } = this.state;
    if (!game) return; // no game on screen: no file
    const saved = await this.controller.save();
    if (saved.ok && saved.record) {
      const file = withNames(saved.record, game.names);
      this.offer(recordFileName(game.id), `${JSON.stringify(file, null, 1)}\n`);
    } else {
      this.controller.say(saved.error ?? "", true);
    }
  }
}
