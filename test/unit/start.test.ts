// `npm start` and `npm test` on a fresh machine: what they ask is checked before anything is built,
// the board and the popup open side by side within any screen, and the system packages they need are
// the ones CI installs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sideBySide } from '../../scripts/side-by-side.mjs';
import { installCommand, PACKAGES } from '../../scripts/system-deps.mjs';

const root = path.join(__dirname, '../..');
const start = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(root, 'scripts/start.mjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DISPLAY: '' },
  });

describe('npm start', () => {
  it('refuses an unknown scene, naming the scenes there are, before building anything', () => {
    const run = start('--scene=nope');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'unknown scene "nope"; one of hd-command, hd-command-army, hd-modifiers, hd-modifiers-army, bdc, bdc-army, dc, dc-army, cr, cr-army',
    );
    expect(run.stdout).not.toContain('build:');
  });

  it('refuses an option it does not know', () => {
    const run = start('--sceen=dc');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('unknown option --sceen=dc');
  });

  it.each([
    { left: 0, top: 0, width: 1280, height: 720 },
    { left: 0, top: 0, width: 1920, height: 1080 },
    { left: 0, top: 0, width: 800, height: 600 },
    { left: 0, top: 0, width: 640, height: 480 },
    { left: 1920, top: 24, width: 1440, height: 876 },
  ])('puts the board and the popup side by side within a %o screen, neither covering the other', (area) => {
    const { board, popup } = sideBySide(area);
    for (const w of [board, popup]) {
      expect(w.left).toBeGreaterThanOrEqual(area.left);
      expect(w.top).toBeGreaterThanOrEqual(area.top);
      expect(w.left + w.width).toBeLessThanOrEqual(area.left + area.width);
      expect(w.top + w.height).toBeLessThanOrEqual(area.top + area.height);
    }
    expect(board.left + board.width).toBeLessThanOrEqual(popup.left);
    // The popup is 400 px wide wherever there is room for it and the board beside it.
    if (area.width >= 880) expect(popup.width).toBe(440);
    expect(board.width).toBeGreaterThanOrEqual(popup.width);
  });
});

describe('the system packages', () => {
  it('are the ones .ci/run installs', () => {
    const ci = fs.readFileSync(path.join(root, '.ci/run'), 'utf8');
    const installed = [...ci.matchAll(/missing\+=\(([a-z-]+)\)/g)].map((m) => m[1]);
    expect(installed.sort()).toEqual(Object.keys(PACKAGES).sort());
  });

  it('are asked for with the one command to run, sudo unless root', () => {
    expect(installCommand(['chromium', 'openssl'], false)).toBe('sudo apt-get install -y chromium openssl');
    expect(installCommand(['firefox-esr'], true)).toBe('apt-get install -y firefox-esr');
  });
});
