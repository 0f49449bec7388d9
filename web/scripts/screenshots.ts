/**
 * `npm run screenshots`: pictures of the main screens, at desktop and phone
 * width, into docs/screenshots/ (shown in the README). Starts an embedded
 * server of its own on a free port with a throw-away data directory, fills
 * it with a few people, a group and messages over HTTP, and photographs the
 * app in Debian's Chromium.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { chromium, type Page } from 'playwright-core';
import { createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE } from '../test/browser.ts';
import { ensureBuilt } from './ensure-built.mjs';

const OUT = path.resolve('docs/screenshots');
const PASSWORD = 'Screenshot-pass-2024';

ensureBuilt();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-shots-'));
const app = await createApp({
  config: loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, REGISTRATION: 'open', ADMIN_USER: 'admin', ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'silent' }),
  log: pino({ level: 'silent' }),
});
const { port } = await app.listen();
const base = `http://127.0.0.1:${port}`;

/** A logged-in HTTP session (cookie kept). */
async function session(name: string, register = true) {
  let cookie = '';
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(base + p, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('chat_token='));
    if (set) cookie = set.split(';')[0]!;
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${p}: ${JSON.stringify(json)}`);
    return json;
  };
  if (register) await call('POST', '/api/register', { name, password: PASSWORD, email: `${name}@example.com` });
  await call('POST', '/api/login', { username: name, password: PASSWORD });
  return call;
}

try {
  const alice = await session('alice');
  const bob = await session('bob');
  const chen = await session('chen');
  const admin = await session('admin', false);
  await alice('POST', '/api/profile', { nickname: 'Alice', signature: 'Ships things.' });
  for (const friend of [bob, chen]) {
    const me = friend === bob ? 'bob' : 'chen';
    await alice('POST', '/api/friends/request', { name: me });
    await friend('POST', '/api/friends/accept', { name: 'alice' });
  }
  const { gid } = (await alice('POST', '/api/groups', { name: 'Launch team', desc: 'Release planning' })) as { gid: string };
  await bob('POST', '/api/groups/join', { gid });
  await chen('POST', '/api/groups/join', { gid });
  await alice('POST', '/api/groups/announce', { gid, announce: 'Release on Friday. Freeze on Thursday noon.' });
  const lines: Array<[typeof alice, object]> = [
    [alice, { gid, type: 'text', content: 'Morning! Where are we with the release notes?' }],
    [bob, { gid, type: 'text', content: 'Draft is up. **Two** sections left:\n- upgrade steps\n- known issues', md: 1 }],
    [alice, { gid, type: 'text', content: 'Thanks! Who can take the upgrade steps?' }],
    [chen, { gid, type: 'text', content: '@alice I can take them.' }],
    [bob, { dm: 'alice', type: 'text', content: 'Got a minute for the changelog?' }],
    [chen, { dm: 'alice', type: 'text', content: 'Lunch at 12?' }],
  ];
  for (const [who, body] of lines) await who('POST', '/api/messages', body);
  await admin('POST', '/api/admin/announcements', { title: 'Maintenance', content: 'The server restarts on Sunday at 02:00 for an upgrade.' });
  await session('dora');

  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const shoot = async (page: Page, name: string) => {
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(OUT, `${name}.png`) });
    console.log(`docs/screenshots/${name}.png`);
  };
  const login = async (page: Page, name: string) => {
    await page.goto(base);
    await page.getByRole('textbox', { name: 'Username' }).fill(name);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
  };
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const context = await browser.newContext({ viewport, locale: 'en-US', colorScheme: 'light', deviceScaleFactor: label === 'phone' ? 2 : 1 });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
    page.on('requestfailed', (r) => console.error(`failed: ${r.url()} ${r.failure()?.errorText}`));
    page.on('console', (m) => m.type() === 'error' && console.error(`console: ${m.text()}`));
    await page.goto(base);
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    await shoot(page, `login-${label}`);
    await login(page, 'alice');
    await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: 'Launch team' }).waitFor();
    await shoot(page, `conversations-${label}`);
    await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: 'Launch team' }).click();
    await page.getByRole('log', { name: 'Launch team' }).getByText('I can take them').waitFor();
    await shoot(page, `chat-${label}`);
    if (label === 'desktop') {
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.pressSequentially('Thanks @b');
      await page.getByRole('listbox', { name: 'Members to mention' }).waitFor();
      await shoot(page, 'mention-desktop');
      await box.fill('');
    }
    await page.goto(`${base}/groups/${gid}`);
    await page.getByRole('heading', { name: /Members/ }).waitFor();
    await shoot(page, `group-${label}`);
    await page.goto(`${base}/friends`);
    await page.getByRole('heading', { name: 'Your friends' }).waitFor();
    await shoot(page, `friends-${label}`);
    await page.goto(`${base}/settings`);
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    await shoot(page, `settings-${label}`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await login(page, 'admin');
    await page.goto(`${base}/admin/users`);
    await page.getByRole('row', { name: /alice/ }).waitFor();
    await shoot(page, `admin-${label}`);
    await context.close();
  }
  await browser.close();
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
