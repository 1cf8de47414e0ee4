// Makes the store listing's pictures (owlbear/store/icon.png, owlbear/store/screenshot.png) from the
// built extension, in Debian's Chromium: the icon from owlbear/icons/icon.svg at 256 px, and the
// screenshot from a real run — Les bandes de Champagne's worked example on the Owlbear test host
// (test/fixtures/owlbear), the game master's local items drawn as Owlbear would show them, beside
// his Command Post popover. Run after `npm run build`:  npx tsx owlbear/store/pictures.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exampleBoard, exampleRequest } from '../../src/adapters/demo/example';
import { GM, gridOf, host, itemsOf, launchPlain, openAction, openRoom, sendFrom } from '../../test/browser/owlbear';

const here = path.dirname(fileURLToPath(import.meta.url));
const SYSTEM = 'bdc' as const;
const SIZE = { width: 1280, height: 720 };

const l = await launchPlain();
try {
  // The icon: the extension's own SVG, drawn at 256 × 256 on a transparent page.
  const svg = fs.readFileSync(path.join(here, '../icons/icon.svg'), 'utf8');
  const iconPage = await l.context.newPage();
  await iconPage.setViewportSize({ width: 256, height: 256 });
  await iconPage.setContent(
    `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', '<svg width="256" height="256" ')}</body></html>`,
  );
  fs.writeFileSync(
    path.join(here, 'icon.png'),
    await iconPage.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: 256, height: 256 } }),
  );
  await iconPage.close();

  // The screenshot: the worked example played on a scene, the game master's view of it.
  const room = await openRoom(l.context, l.servers, [GM]);
  await room.page.setViewportSize(SIZE);
  const board = exampleBoard(SYSTEM);
  await host(room.page, 'setGrid', gridOf(board.scene));
  await host(room.page, 'setItems', itemsOf(SYSTEM));
  const gm = await openAction(room.page, GM.connectionId);
  for (const r of [{ type: 'store/select-system', system: SYSTEM }, exampleRequest(SYSTEM)]) {
    const answer = await sendFrom(gm, r);
    if (!answer.ok) throw new Error(`pictures: ${JSON.stringify(answer)}`);
  }
  await gm.getByTestId('owlbear-table').waitFor();
  // Until every action is on the table (the popover says so while one is on its way).
  await gm.getByTestId('owlbear-unsent').waitFor({ state: 'detached', timeout: 15_000 });
  await new Promise((r) => setTimeout(r, 1500));
  // The scene's box around its tokens, with a margin, at the board's aspect.
  const xs = board.tokens.map((t) => t.x);
  const ys = board.tokens.map((t) => t.y);
  const pad = board.scene.pixelsPerCell * 3;
  const boardSize = { width: SIZE.width - 440, height: SIZE.height };
  let view = {
    x: Math.min(...xs) - pad,
    y: Math.min(...ys) - pad * 1.5,
    width: Math.max(...xs) - Math.min(...xs) + 2 * pad,
    height: Math.max(...ys) - Math.min(...ys) + 2.5 * pad,
  };
  const aspect = boardSize.width / boardSize.height;
  if (view.width / view.height < aspect)
    view = { ...view, x: view.x - (view.height * aspect - view.width) / 2, width: view.height * aspect };
  else view = { ...view, y: view.y - (view.width / aspect - view.height) / 2, height: view.width / aspect };
  await host(room.page, 'render', GM.connectionId, view, boardSize);
  await room.page.addStyleTag({
    content: `body{margin:0;background:#1e2231;overflow:hidden} #backgrounds{display:none} #board{position:fixed;left:0;top:0} #popovers{position:fixed;left:${boardSize.width + 10}px;top:10px} #popovers iframe{height:${SIZE.height - 20}px;border:0;border-radius:8px;background:#fff}`,
  });
  await new Promise((r) => setTimeout(r, 300));
  fs.writeFileSync(path.join(here, 'screenshot.png'), await room.page.screenshot({ clip: { x: 0, y: 0, ...SIZE } }));
  if (room.errors.length) throw new Error(`pictures: errors in the pages: ${room.errors.join('; ')}`);
  console.log(
    `pictures: ${path.relative(process.cwd(), path.join(here, 'icon.png'))}, ${path.relative(process.cwd(), path.join(here, 'screenshot.png'))}`,
  );
} finally {
  await l.close();
}
