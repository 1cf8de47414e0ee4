// The demo table and the popup side by side within the screen, whatever its size: the board's window
// on the left, the popup's (a small window reading this tab's board, as the page's own button opens it)
// on the right, neither covering the other. Used by `npm start`.

/** The popup's window: the popup is 400 px wide, and the window's frame takes a little more. */
export const POPUP_WINDOW_WIDTH = 440;

/**
 * The two windows' bounds on a screen's available area: the popup's at most 440 px wide and never
 * more than half the screen, the board's the rest; both the screen's full height.
 */
export function sideBySide(area) {
  const popupWidth = Math.min(POPUP_WINDOW_WIDTH, Math.floor(area.width / 2));
  const boardWidth = area.width - popupWidth;
  return {
    board: { left: area.left, top: area.top, width: boardWidth, height: area.height },
    popup: { left: area.left + boardWidth, top: area.top, width: popupWidth, height: area.height },
  };
}

/**
 * Chromium's flags for `npm start`, with the extension in `ext`. No `--window-position`: Chromium
 * puts every new window there, the popup's over the board's (seen under Xvfb, and headless).
 */
export function startArgs(ext, { root = false } = {}) {
  return [
    `--disable-extensions-except=${ext}`,
    `--load-extension=${ext}`,
    // Chromium's sandbox cannot run as root: it says so in a bar at the top of the window (README).
    ...(root ? ['--no-sandbox'] : []),
    '--no-first-run',
    '--no-default-browser-check',
  ];
}

/**
 * Places the windows from the demo page (`page`: a Playwright page on demo.html); returns the
 * windows' bounds as the browser then gives them.
 */
export async function placeSideBySide(page) {
  const area = await page.evaluate(() => ({
    left: screen.availLeft ?? 0,
    top: screen.availTop ?? 0,
    width: screen.availWidth,
    height: screen.availHeight,
  }));
  const { board, popup } = sideBySide(area);
  return page.evaluate(
    async ({ board, popup }) => {
      const tab = await chrome.tabs.getCurrent();
      await chrome.windows.update(tab.windowId, { state: 'normal', ...board });
      const made = await chrome.windows.create({
        url: chrome.runtime.getURL(`popup.html?tab=${tab.id}`),
        type: 'popup',
        ...popup,
      });
      // A window manager may place a new window where it likes: put it where it was asked.
      if (made.left !== popup.left || made.top !== popup.top) await chrome.windows.update(made.id, popup);
      const bounds = (w) => ({ left: w.left, top: w.top, width: w.width, height: w.height });
      return {
        board: bounds(await chrome.windows.get(tab.windowId)),
        popup: bounds(await chrome.windows.get(made.id)),
      };
    },
    { board, popup },
  );
}
