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

/** Places the windows from the demo page (`page`: a Playwright page on demo.html). */
export async function placeSideBySide(page) {
  const area = await page.evaluate(() => ({ left: screen.availLeft ?? 0, top: screen.availTop ?? 0, width: screen.availWidth, height: screen.availHeight }));
  const { board, popup } = sideBySide(area);
  await page.evaluate(
    async ({ board, popup }) => {
      const tab = await chrome.tabs.getCurrent();
      await chrome.windows.update(tab.windowId, { state: 'normal', ...board });
      await chrome.windows.create({ url: chrome.runtime.getURL(`popup.html?tab=${tab.id}`), type: 'popup', ...popup });
    },
    { board, popup },
  );
}
