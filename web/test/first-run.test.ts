/**
 * The web client in a real browser, before and around logging in: the app is
 * served (caching, SPA fallback, CSP), first-run setup creates the
 * administrator, a registration waits for approval, the administrator
 * approves it in the admin pages, the new user logs in, sets up two-step
 * login with the QR page's secret and logs in again with a code; axe finds no
 * serious or critical problem on these screens and on every admin page; an
 * announcement reaches the user live and a ban from the users page ends their
 * session. The administrator deletes a page's picked files in one call and
 * removes a user's avatar. The administrator's main navigation (every
 * destination there is) fits a phone's width and is used from the keyboard.
 */
import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, uniqueName } from '../../test/helpers/client.ts';
import { sendMsg } from '../../test/helpers/messages.ts';
import { startCluster, type TestCluster } from '../../test/helpers/server.ts';
import { groupWith } from '../../test/helpers/social.ts';
import { uniquePng, uploadSingle } from '../../test/helpers/uploads.ts';
import { DESKTOP, dumpPagesOnFailure, expectAccessible, expectFits, LONG_BROWSER_TEST_MS, launch, logIn, type Person, person, PHONE } from './browser.ts';

let cluster: TestCluster;
let browser: Browser;
const people: Person[] = [];
beforeAll(async () => {
  [cluster, browser] = await Promise.all([startCluster({ seedAdmin: false, env: { REGISTRATION: 'approval' } }), launch()]);
});
dumpPagesOnFailure(() => browser);
afterAll(async () => {
  await browser?.close();
  await cluster?.close();
});

const admin = { name: uniqueName('root'), password: 'Admin-pass-2024' };
const user = { name: uniqueName('newbie'), password: 'Newbie-pass-2024' };

describe('serving the app', () => {
  it('answers the page for app paths, hashed files for a year, and leaves server paths alone', async () => {
    const asHtml = { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } };
    const page = await fetch(`${cluster.a.url}/`, asHtml);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("img-src 'self' blob: data:");
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const js = await fetch(cluster.a.url + asset);
    expect(js.status).toBe(200);
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-type')).toMatch(/javascript/);

    const deep = await fetch(`${cluster.b.url}/chat/d/someone`, asHtml);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toBe(html);
    expect((await fetch(`${cluster.a.url}/assets/gone-123.js`, asHtml)).status).toBe(404);
    // Only page loads get the page: not a script's request for some other path.
    expect((await fetch(`${cluster.a.url}/chat/d/someone`)).status).toBe(404);
    for (const p of ['/api/nothing-here', '/uploads/nothing.png', '/metrics/x', '/ws/x']) {
      const res = await fetch(cluster.a.url + p, asHtml);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(await res.text(), p).not.toContain('<div id="root">');
    }
    // The API keeps its own policy.
    expect((await fetch(`${cluster.a.url}/api/health`)).headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

describe('first run, registration, approval, two-step login', () => {
  let first: Person;

  it('creates the administrator on a fresh server', async () => {
    first = await person(browser, cluster.a.url);
    people.push(first);
    const { page } = first;
    await page.getByRole('heading', { name: 'Create the administrator' }).waitFor();
    await expectAccessible(page, 'setup');
    await page.getByRole('textbox', { name: 'Username' }).fill(admin.name);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    expect(((await (await fetch(`${cluster.a.url}/api/setup`)).json()) as { needed: boolean }).needed).toBe(false);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    await expectAccessible(page, 'login');
  });

  it('registers with the approval message; the login waits for approval; the administrator approves; the user logs in', async () => {
    const p = await person(browser, cluster.b.url, { viewport: PHONE });
    people.push(p);
    const { page } = p;
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('textbox', { name: 'Username' }).fill(user.name);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('textbox', { name: 'Email' }).fill(`${user.name}@example.com`);
    await expectAccessible(page, 'register');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Registration submitted').waitFor();
    await page.getByText('once an administrator has approved').waitFor();

    await page.getByRole('button', { name: 'Back to login' }).click();
    await page.getByRole('textbox', { name: 'Username' }).fill(user.name);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Account awaiting approval' }).waitFor();

    const a = first.page;
    await logIn(a, admin.name, admin.password);
    await a.getByRole('link', { name: 'Admin' }).click();
    await a.getByRole('heading', { name: 'Registrations' }).waitFor();
    await a.getByRole('button', { name: `Approve ${user.name}` }).click();
    await a.getByText('No registration is waiting.').waitFor();

    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await page.getByRole('navigation', { name: 'Conversations' }).waitFor();
    await expectAccessible(page, 'conversation list (phone)');
    expect(p.problems).toEqual([]);
  });

  it('sets up two-step login from the settings page and logs in with a code', async () => {
    const { page } = people[1]!;
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Set up two-step login' }).click();
    await page.getByRole('img', { name: 'QR code of the two-step login secret' }).waitFor();
    await expectAccessible(page, 'settings');
    const secret = (await page.locator('section[aria-labelledby=twofa] p code').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(await generate({ secret, epoch: Math.floor(cluster.clock.now() / 1000) }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Two-step login is on.').waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('textbox', { name: 'Username' }).fill(user.name);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('textbox', { name: 'Code' }).waitFor();
    await expectAccessible(page, 'two-step login');
    await page.getByRole('textbox', { name: 'Code' }).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong verification code' }).waitFor();
    // A code of the next 30-second step: the one just refused may be the current one by chance.
    await page.getByRole('textbox', { name: 'Code' }).fill(await generate({ secret, epoch: Math.floor(cluster.clock.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();

    // Chinese, loaded when chosen (and kept by the account's settings), then back to English.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    await page.getByRole('heading', { name: '个人资料与设置' }).waitFor();
    await page.getByRole('button', { name: '退出登录' }).waitFor();
    await expectAccessible(page, 'settings in Chinese');
    await page.getByRole('combobox', { name: '语言' }).selectOption('en');
    await page.getByRole('heading', { name: 'Profile and settings' }).waitFor();
  });

  it('shows every admin page without serious accessibility problems', async () => {
    const { page } = first;
    for (const tab of ['Registrations', 'Users', 'Reports', 'Penalties', 'Appeals', 'Announcements', 'Files', 'Audit log', 'GitHub login']) {
      await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: tab }).click();
      await page.getByRole('heading', { name: tab, level: 2 }).waitFor();
      if (tab === 'Users') await page.getByRole('row', { name: new RegExp(user.name) }).waitFor();
      if (tab === 'Audit log') await page.getByRole('cell', { name: `Registration of ${user.name} approved` }).waitFor();
      await expectAccessible(page, `admin: ${tab}`);
    }
    for (const p of people) expect(p.problems).toEqual([]);
  }, LONG_BROWSER_TEST_MS);

  it('publishes an announcement the user sees live, renames the user, who stays logged in, then bans them from the users page, which ends their session', async () => {
    const { page } = first;
    const other = people[1]!.page;
    await other.getByRole('link', { name: 'Mailbox' }).click();
    const admin = page.getByRole('navigation', { name: 'Administration sections' });
    await admin.getByRole('link', { name: 'Announcements' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Welcome aboard');
    await page.getByRole('textbox', { name: 'Content' }).fill('Be kind.');
    await page.getByRole('button', { name: 'Publish' }).click();
    await other.getByRole('article', { name: 'Welcome aboard' }).getByText('Be kind.').waitFor();

    await admin.getByRole('link', { name: 'Users' }).click();
    // A rename ends the user's connections, not their session: the app reconnects under the new name.
    const renamed = `${user.name}r`;
    page.once('dialog', (d) => void d.accept(renamed));
    await page.getByRole('row', { name: new RegExp(user.name) }).getByRole('button', { name: 'Rename' }).click();
    const row = page.getByRole('row', { name: new RegExp(renamed) });
    await row.waitFor();
    await expect.poll(() => other.locator('.me-name').textContent(), { timeout: 10_000 }).toBe(renamed);
    await other.locator('.conn-live').waitFor({ state: 'attached' });
    await other.getByRole('button', { name: 'Log out' }).waitFor();
    await row.getByRole('button', { name: 'Ban' }).click();
    await row.getByRole('cell', { name: 'banned' }).waitFor();
    await other.getByText('Your account has been banned').waitFor();
    await other.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    for (const p of people) expect(p.problems).toEqual([]);
  });

  it('pages the administration lists: fifty users a page, the count of pages from the total', async () => {
    const { page } = first;
    const api = new Client(cluster.a);
    expect((await api.post('/api/login', { username: admin.name, password: admin.password })).status).toBe(200);
    for (let i = 0; i < 55; i++) {
      expect((await api.post('/api/admin/user/add', { name: uniqueName('paged'), password: 'Paged-pass-2024' })).status).toBe(200);
    }
    const total: number = (await api.get('/api/admin/users?limit=1')).body.total;
    expect(total).toBeGreaterThan(55);
    expect(total).toBeLessThanOrEqual(100);
    const sections = page.getByRole('navigation', { name: 'Administration sections' });
    await sections.getByRole('link', { name: 'Files' }).click();
    await sections.getByRole('link', { name: 'Users' }).click();
    const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
    await page.getByText('Page 1 of 2').waitFor();
    expect(await rows.count()).toBe(50);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => rows.count()).toBe(total - 50);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    // A search starts again from its first page, and a list that fits one page has no pager.
    await page.getByRole('searchbox', { name: 'Name contains' }).fill(user.name);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
    for (const p of people) expect(p.problems).toEqual([]);
  });

  it("deletes the files picked on a page in one call, and removes a user's avatar", async () => {
    const { page } = first;
    const api = new Client(cluster.a);
    expect((await api.post('/api/login', { username: admin.name, password: admin.password })).status).toBe(200);
    const owner = Object.assign(new Client(cluster.b), { name: uniqueName('owner') });
    expect((await api.post('/api/admin/user/add', { name: owner.name, password: 'Owner-pass-2024' })).status).toBe(200);
    expect((await owner.post('/api/login', { username: owner.name, password: 'Owner-pass-2024' })).status).toBe(200);
    // Three files and an avatar, all found by one search; the first is sent in a group.
    const tag = uniqueName('batch');
    const upload = async (f: string) => {
      const up = await uploadSingle(owner, uniquePng(), `${tag}-${f}.png`);
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      return { url: up.body.url as string, size: up.body.size as number };
    };
    const a = await upload('a');
    const url = { a: a.url, b: (await upload('b')).url, c: (await upload('c')).url, face: (await upload('face')).url };
    const gid = await groupWith(owner);
    const socket = await owner.socket();
    try {
      expect((await sendMsg(socket, { gid, type: 'file', content: a.url, name: `${tag}-a.png`, size: a.size })).ok).toBe(true);
    } finally {
      socket.close();
    }
    expect((await owner.post('/api/profile', { avatar: url.face })).status).toBe(200);
    const imageOf = async () => ((await api.get('/api/users', { q: owner.name })).body.users as { name: string; image: string }[]).find((u) => u.name === owner.name)?.image;
    expect(await imageOf()).toBe(url.face);

    const sections = page.getByRole('navigation', { name: 'Administration sections' });
    await sections.getByRole('link', { name: 'Files' }).click();
    await page.getByRole('searchbox', { name: 'File name contains' }).fill(tag);
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Files' });
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    // An avatar cannot be deleted, so it cannot be picked.
    expect(await table.getByRole('row', { name: new RegExp(`${tag}-face`) }).getByRole('checkbox').count()).toBe(0);
    const deleteSelected = (n: number) => page.getByRole('button', { name: `Delete selected (${n})` });
    expect(await deleteSelected(0).isDisabled()).toBe(true);
    // "All on this page" picks the three deletable files; unticked, none.
    const all = table.getByRole('checkbox', { name: 'Select all on this page' });
    await all.check();
    await deleteSelected(3).waitFor();
    await all.uncheck();
    expect(await deleteSelected(0).isDisabled()).toBe(true);

    await table.getByRole('checkbox', { name: `Select ${tag}-a.png` }).check();
    await table.getByRole('checkbox', { name: `Select ${tag}-b.png` }).check();
    await deleteSelected(2).click();
    await page.getByRole('status').filter({ hasText: 'Files deleted: 2; failed: 0; messages marked expired: 1' }).waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    await table.getByRole('row', { name: new RegExp(`${tag}-c`) }).waitFor();
    expect(await table.getByRole('checkbox', { name: `Select ${tag}-c.png` }).isChecked()).toBe(false);
    expect(await deleteSelected(0).isDisabled()).toBe(true);
    const listed = (await api.get('/api/admin/files', { q: tag })).body.files as { name: string }[];
    expect(listed.map((f) => `/uploads/${f.name}`).sort()).toEqual([url.c, url.face].sort());
    await expectAccessible(page, 'admin: Files with picks and a batch status');

    await sections.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('searchbox', { name: 'Name contains' }).fill(owner.name);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: new RegExp(owner.name) });
    await expect.poll(() => page.getByRole('table', { name: 'Users' }).locator('tbody tr').count()).toBe(1);
    await row.getByRole('button', { name: 'Remove avatar' }).click();
    await expect.poll(imageOf).toBe('');
    // Offered only to a user with an avatar: gone with it.
    await row.getByRole('button', { name: 'Remove avatar' }).waitFor({ state: 'detached' });
    // No longer an avatar, the file may now be picked and deleted.
    await sections.getByRole('link', { name: 'Files' }).click();
    await page.getByRole('searchbox', { name: 'File name contains' }).fill(`${tag}-face`);
    await page.getByRole('button', { name: 'Search' }).click();
    await table.getByRole('checkbox', { name: `Select ${tag}-face.png` }).waitFor();
    for (const p of people) expect(p.problems).toEqual([]);
  });

  it("fits the administrator's main navigation in 375 px: icons named by their words, all reachable from the keyboard", async () => {
    const { page } = first;
    await page.setViewportSize(PHONE);
    try {
      const nav = page.getByRole('navigation', { name: 'Main' });
      const names = ['Chats', 'Friends', 'Groups', 'Search', 'Mailbox', 'Settings', 'Admin'];
      await page.getByRole('link', { name: 'Chats', exact: true }).click();
      await page.getByRole('navigation', { name: 'Conversations' }).waitFor();
      await expectFits(page, PHONE.width);
      await page.getByRole('button', { name: 'Log out' }).waitFor();
      // The words stay the links' names (shown as icons).
      for (const name of names) await nav.getByRole('link', { name, exact: true }).waitFor();
      await expectAccessible(page, 'main navigation on a phone');

      // Tab goes from one destination to the next, in order; Enter follows the focused one.
      await nav.getByRole('link', { name: 'Chats', exact: true }).focus();
      for (const name of names.slice(1)) {
        await page.keyboard.press('Tab');
        expect(await nav.getByRole('link', { name, exact: true }).evaluate((e) => e === e.ownerDocument.activeElement), `${name} has the focus`).toBe(true);
        if (name === 'Settings') {
          await page.keyboard.press('Enter');
          await page.getByRole('heading', { name: 'Profile and settings' }).waitFor();
          expect(await nav.getByRole('link', { name: 'Settings', exact: true }).getAttribute('aria-current')).toBe('page');
          await expectFits(page, PHONE.width);
          await nav.getByRole('link', { name: 'Settings', exact: true }).focus();
        }
      }
      await page.keyboard.press('Enter');
      await page.getByRole('navigation', { name: 'Administration sections' }).waitFor();
      await expectFits(page, PHONE.width);

      // The users table as one card per person: every action on the screen, the cells still a table's for assistive technology.
      await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Users' }).click();
      const users = page.getByRole('table', { name: 'Users' });
      await users.getByRole('row').nth(1).getByRole('button', { name: 'Delete' }).waitFor();
      // Measured in one call: the table lists every account of the file (a round trip per button took seconds).
      const ends = await users.getByRole('button').evaluateAll((all) => all.map((b) => ({ name: b.textContent, right: b.getBoundingClientRect().right })));
      expect(ends.length).toBeGreaterThan(4);
      expect(ends.filter((b) => b.right > PHONE.width)).toEqual([]);
      expect(await users.getByRole('cell', { name: 'Status: active' }).count()).toBeGreaterThan(0);
      await expectFits(page, PHONE.width);
      await expectAccessible(page, 'users on a phone');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
    // The desktop bar is unchanged: the words show.
    const chats = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chats', exact: true });
    expect(await chats.textContent()).toBe('Chats');
    expect((await chats.getByText('Chats', { exact: true }).boundingBox())?.width).toBeGreaterThan(20);
    for (const p of people) expect(p.problems).toEqual([]);
  }, LONG_BROWSER_TEST_MS);
});
